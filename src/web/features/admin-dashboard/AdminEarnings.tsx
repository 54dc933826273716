import type { MonthEarnings } from '#contract/admin-payouts.ts';
import { formatDollars } from '#contract/money.ts';
import { ChartFigure } from '../../ui/ChartFigure.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { TimeBarChart } from '../../ui/TimeBarChart.tsx';
import { EARNINGS_MONTHS, useEarnings } from './get-earnings.ts';

/** "2026-11" → "Nov 2026" (a calendar month, whatever the browser's zone). */
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortMonth = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/**
 * What the marketplace earned per month: the commission and fees on the shops' parts delivered, net of the
 * commission refunds gave back; a chart of the net, and the table newest month first.
 */
export function AdminEarnings() {
  const earnings = useEarnings();
  return (
    <section aria-labelledby="earnings-title" className="space-y-4">
      <div>
        <h2 id="earnings-title" className="text-2xl font-bold">
          Marketplace earnings
        </h2>
        <p className="mt-1 max-w-3xl">
          Commission and fees on the shops’ orders, counted in the month each shop’s part was delivered or picked up,
          net of the commission given back by refunds after delivery. Card payments and memberships are not included.
        </p>
      </div>
      <Loaded query={earnings} loading="Loading the earnings">
        {(data) => {
          const newestFirst = [...data.months].reverse().map((m) => ({ ...m, _id: m.month }));
          return (
            <div className="grid gap-6 2xl:grid-cols-2 [&>*]:min-w-0">
              <ChartFigure
                title="Earnings per month"
                caption={`Commission and fees, net of refunds, last ${EARNINGS_MONTHS} months: ${formatDollars(data.total.net)}`}
                level={3}
              >
                <div className="mt-4 h-64">
                  <TimeBarChart
                    data={data.months.map((m) => ({ date: `${m.month}-01`, net: m.net }))}
                    dataKey="net"
                    name="Earnings"
                    color="#1f7a52"
                    dollars
                    dateLabel={shortMonth}
                  />
                </div>
              </ChartFigure>
              <DataTable<MonthEarnings & { _id: string }>
                label="Earnings by month"
                cards
                className="rounded-box border border-base-300 bg-base-100"
                tableClassName="table table-sm"
                rows={newestFirst}
                columns={[
                  { header: 'Month', rowHeader: true, className: 'whitespace-nowrap', cell: (m) => monthName(m.month) },
                  { header: 'Earnings', cell: (m) => <span className="font-semibold">{formatDollars(m.net)}</span> },
                  { header: 'Commission and fees', cell: (m) => formatDollars(m.earned) },
                  { header: 'Given back by refunds', cell: (m) => formatDollars(m.givenBack) },
                ]}
              />
            </div>
          );
        }}
      </Loaded>
    </section>
  );
}
