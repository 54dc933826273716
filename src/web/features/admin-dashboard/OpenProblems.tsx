import { Link } from 'react-router';
import { PROBLEM_REASON_LABELS } from '#contract/problem-reports.ts';
import { paths } from '../../paths.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { useOpenProblems } from './problem-reports.ts';

const reportedOn = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The problems shoppers reported and nobody resolved yet, each leading to its order's story. */
export function OpenProblems() {
  const query = useOpenProblems();
  const reports = query.data ?? [];
  return (
    <section aria-labelledby="open-problems" className="mt-6">
      <h2 id="open-problems" className="text-2xl font-bold">
        Problems reported{query.data ? `: ${reports.length} open` : ''}
      </h2>
      {query.isError ? (
        <p className="mt-2">
          The reports could not be loaded.{' '}
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => query.refetch()}>
            Try again
          </button>
        </p>
      ) : query.data && reports.length === 0 ? (
        <p className="mt-2 rounded-box bg-base-200 p-4">No problem is waiting: every report is resolved.</p>
      ) : (
        <DataTable
          label="Open problem reports"
          className="mt-2"
          cards
          rows={reports}
          columns={[
            {
              header: 'Order',
              rowHeader: true,
              cell: (report) => (
                <Link className="link font-semibold" to={paths.dashboard.adminOrder(report.orderId)}>
                  {report.orderNumber}
                </Link>
              ),
            },
            { header: 'Shopper', cell: (report) => report.buyerName },
            { header: 'Shop', cell: (report) => report.shopName },
            {
              header: 'Problem',
              cell: (report) =>
                `${PROBLEM_REASON_LABELS[report.reason]}${
                  report.lines.length > 0 ? `: ${report.lines.map((line) => line.itemName).join(', ')}` : ''
                }${report.photo ? ' (photo)' : ''}`,
            },
            { header: 'Reported', cell: (report) => reportedOn(report.createdAt) },
          ]}
        />
      )}
    </section>
  );
}
