import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '#contract/money.ts';
import { RANGE_LABELS, type StatRange } from '#contract/stats.ts';
import { ChartFigure } from '../../ui/ChartFigure.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { RangePicker } from '../../ui/RangePicker.tsx';
import { chartMoney, TimeBarChart } from '../../ui/TimeBarChart.tsx';
import { useVendorSales } from './get-vendor-sales.ts';

export function VendorRevenuePage() {
  const [range, setRange] = useState<StatRange>('30d');
  const sales = useVendorSales(range);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Sale Stat</h1>
        <RangePicker value={range} onChange={setRange} />
      </div>
      <Loaded query={sales} loading="Loading your sales">
        {(data) => <SalesCharts data={data} range={range} />}
      </Loaded>
    </div>
  );
}

function SalesCharts({
  data,
  range,
}: {
  data: NonNullable<ReturnType<typeof useVendorSales>['data']>;
  range: StatRange;
}) {
  const revenue = data.series.reduce((sum, p) => sum + p.revenue, 0);
  const orders = data.series.reduce((sum, p) => sum + p.orders, 0);
  const units = data.series.reduce((sum, p) => sum + p.units, 0);
  const per = data.bucket === 'day' ? 'per day' : 'per week';
  return (
    <>
      <section
        aria-label="Totals of the range"
        className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal"
      >
        <div className="stat">
          <div className="stat-title text-base-content">Revenue</div>
          <div className="stat-value text-primary">{formatDollars(revenue)}</div>
          <div className="stat-desc text-base-content">{RANGE_LABELS[range]}</div>
        </div>
        <div className="stat">
          <div className="stat-title text-base-content">Orders</div>
          <div className="stat-value">{orders}</div>
        </div>
        <div className="stat">
          <div className="stat-title text-base-content">Units sold</div>
          <div className="stat-value">{units}</div>
        </div>
      </section>

      <ChartFigure
        title="Sale Statistics"
        caption={`Revenue ${per}, ${RANGE_LABELS[range].toLowerCase()} (cancelled orders left out)`}
        level={2}
      >
        <div className="mt-4 h-72">
          <TimeBarChart data={data.series} dataKey="revenue" name="Revenue" color="#1f7a52" dollars />
        </div>
      </ChartFigure>

      <ChartFigure
        title="Sales by product"
        caption={`Your best sellers, ${RANGE_LABELS[range].toLowerCase()}`}
        level={2}
      >
        {data.byProduct.length === 0 ? (
          <p className="mt-4 rounded-box bg-base-200 p-4">No sales in this range yet.</p>
        ) : (
          <div className="mt-4" style={{ height: Math.max(160, data.byProduct.length * 44) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data.byProduct} layout="vertical" margin={{ top: 0, right: 24, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e9f0" horizontal={false} />
                <XAxis type="number" tickFormatter={chartMoney} stroke="#253d4e" />
                <YAxis type="category" dataKey="name" width={130} stroke="#253d4e" />
                <Tooltip formatter={(value) => [chartMoney(value), 'Revenue']} />
                <Bar dataKey="revenue" fill="#1f7a52" radius={[0, 4, 4, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </ChartFigure>
    </>
  );
}
