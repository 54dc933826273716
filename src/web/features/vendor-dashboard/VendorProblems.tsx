import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { ProblemReportSummary } from '../../ui/ProblemReportSummary.tsx';

/**
 * The problems shoppers reported with the shop's orders: the open ones (the marketplace's team resolves them, often
 * with a refund the shop's payout shares) and the latest resolved; each finds its order on this page.
 */
const useShopProblems = () => useQuery({ queryKey: ['vendor-problems'], queryFn: () => call('GET /vendor/problems') });

/** On an order of the list: that its shopper reported a problem still open (read from the one list of reports). */
export function ProblemMark({ orderId }: { orderId: string }) {
  const open = (useShopProblems().data ?? []).some((report) => report.orderId === orderId && report.state === 'open');
  return open ? (
    <span className="badge badge-soft badge-warning badge-sm mt-1 whitespace-nowrap">Problem reported</span>
  ) : null;
}

export function VendorProblems() {
  const query = useShopProblems();
  const reports = query.data ?? [];
  if (reports.length === 0) return null;
  const open = reports.filter((report) => report.state === 'open').length;
  return (
    <details className="mt-4 rounded-box border border-warning/60 bg-base-100 p-3 md:p-4" open={open > 0}>
      <summary className="cursor-pointer text-lg font-bold">Problems shoppers reported · {open} open</summary>
      <p className="mt-1 text-sm">
        Our team looks into each with you and the shopper; a refund takes its share from your payout.
      </p>
      <ul className="mt-2 grid gap-3">
        {reports.map((report) => (
          <li key={report._id}>
            <p className="text-sm">
              <Link className="link font-semibold" to={`?q=${encodeURIComponent(report.orderNumber)}`}>
                Order {report.orderNumber}
              </Link>{' '}
              · {report.buyerName}
            </p>
            <ProblemReportSummary report={report} />
          </li>
        ))}
      </ul>
    </details>
  );
}
