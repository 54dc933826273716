import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '#contract/money.ts';
import { RANGE_LABELS, type StatRange } from '#contract/stats.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { RangePicker } from '../../ui/RangePicker.tsx';
import { useAdminSeries } from './get-admin-series.ts';

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const money = (value: unknown) => formatDollars(Number(value));

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
      {series.isPending ? (
        <PageLoader label="Loading the charts" />
      ) : series.isError ? (
        <LoadError error={series.error} onRetry={() => series.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <figure className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
            <figcaption>
              <h3 className="text-lg font-bold">Orders</h3>
              <p className="text-sm">
                Orders placed {per}, {RANGE_LABELS[range].toLowerCase()}
              </p>
            </figcaption>
            <div className="mt-4 h-64">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={series.data.series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e5e9f0" vertical={false} />
                  <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} stroke="#253d4e" />
                  <YAxis allowDecimals={false} width={40} stroke="#253d4e" />
                  <Tooltip formatter={(value) => [value, 'Orders']} labelFormatter={(l) => shortDate(String(l))} />
                  <Bar dataKey="orders" fill="#0e6ba8" radius={[4, 4, 0, 0]} maxBarSize={48} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>
          <figure className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
            <figcaption>
              <h3 className="text-lg font-bold">Revenue</h3>
              <p className="text-sm">
                Customer payments {per} (cancelled left out), {RANGE_LABELS[range].toLowerCase()}
              </p>
            </figcaption>
            <div className="mt-4 h-64">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={series.data.series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e5e9f0" vertical={false} />
                  <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} stroke="#253d4e" />
                  <YAxis tickFormatter={money} width={80} stroke="#253d4e" />
                  <Tooltip
                    formatter={(value) => [money(value), 'Revenue']}
                    labelFormatter={(l) => shortDate(String(l))}
                  />
                  <Bar dataKey="revenue" fill="#1f7a52" radius={[4, 4, 0, 0]} maxBarSize={48} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>
        </div>
      )}
    </section>
  );
}
