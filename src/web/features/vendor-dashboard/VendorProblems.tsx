import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { ProblemReportSummary } from '../../ui/ProblemReportSummary.tsx';

/**
 * The problems shoppers reported with the shop's orders: the open ones (the marketplace's team resolves them, often
 * with a refund the shop's payout shares) and the latest resolved; each finds its order on this page.
 */
export function VendorProblems() {
  const query = useQuery({ queryKey: ['vendor-problems'], queryFn: () => call('GET /vendor/problems') });
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
