import { useState } from 'react';
import { RANGE_LABELS, type StatRange } from '#contract/stats.ts';
import { ChartFigure } from '../../ui/ChartFigure.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { RangePicker } from '../../ui/RangePicker.tsx';
import { TimeBarChart } from '../../ui/TimeBarChart.tsx';
import { useAdminSeries } from './get-admin-series.ts';

/** Orders and revenue over time, with a range selector. Recharts loads with this page only. */
export function AdminCharts() {
  const [range, setRange] = useState<StatRange>('30d');
  const series = useAdminSeries(range);
  const per = series.data?.bucket === 'week' ? 'per week' : 'per day';

  return (
    <section aria-labelledby="trends-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="trends-title" className="text-2xl font-bold">
          Orders and revenue over time
        </h2>
        <RangePicker value={range} onChange={setRange} />
      </div>
      <Loaded query={series} loading="Loading the charts">
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <ChartFigure
              title="Orders"
              caption={`Orders placed ${per}, ${RANGE_LABELS[range].toLowerCase()}`}
              level={3}
            >
              <div className="mt-4 h-64">
                <TimeBarChart data={data.series} dataKey="orders" name="Orders" color="#0e6ba8" />
              </div>
            </ChartFigure>
            <ChartFigure
              title="Revenue"
              caption={`Card payments for orders placed ${per}, net of refunds and cancelled lines, ${RANGE_LABELS[range].toLowerCase()}`}
              level={3}
            >
              <div className="mt-4 h-64">
                <TimeBarChart data={data.series} dataKey="revenue" name="Revenue" color="#1f7a52" dollars />
              </div>
            </ChartFigure>
          </div>
        )}
      </Loaded>
    </section>
  );
}
