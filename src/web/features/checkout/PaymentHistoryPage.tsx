import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { showDollars } from '../../ui/show-dollars.ts';
import { TablePager, usePageParam } from '../../ui/TablePager.tsx';
import { HISTORY_PAGE_SIZE, usePaymentHistory } from './get-payment-history.ts';
import { StatusBadge } from './StatusBadge.tsx';

const orderDate = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function PaymentHistoryPage() {
  const [page, setPage] = usePageParam();
  const history = usePaymentHistory(page);

  if (history.isPending) return <PageLoader label="Loading your payments" />;
  if (history.isError) return <LoadError error={history.error} onRetry={() => history.refetch()} />;
  const { items, total, pages } = history.data;

  return (
    <div>
      <h1 className="text-3xl font-bold">Transaction History List: {total}</h1>
      <section
        className="mt-6 overflow-x-auto rounded-box border border-base-300 bg-base-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
        tabIndex={0}
        aria-label="Payment history"
      >
        <table className="table">
          <thead className="text-base-content">
            <tr>
              <th scope="col">#</th>
              <th scope="col">Price</th>
              <th scope="col">Order Date</th>
              <th scope="col">Transaction Id</th>
              <th scope="col">Status</th>
              <th scope="col">Invoice</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-10 text-center">
                  No payments yet.
                </td>
              </tr>
            ) : (
              items.map((payment, index) => (
                <tr key={payment._id}>
                  <td>{(page - 1) * HISTORY_PAGE_SIZE + index + 1}</td>
                  <td className="font-semibold">{showDollars(payment.price)}</td>
                  <td>{orderDate(payment.date)}</td>
                  <td className="font-mono text-xs break-all">{payment.transactionId}</td>
                  <td>
                    <StatusBadge status={payment.status} />
                  </td>
                  <td>
                    <Link
                      to={paths.dashboard.invoice(payment._id)}
                      className="btn btn-outline btn-sm"
                      aria-label={`Invoice for ${payment.transactionId}`}
                    >
                      <FileText size={16} aria-hidden="true" /> Invoice
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <TablePager page={page} pages={pages} onPage={setPage} label="Payment history pages" />
    </div>
  );
}
