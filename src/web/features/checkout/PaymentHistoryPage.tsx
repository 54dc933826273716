import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { formatDollars } from '#contract/money.ts';
import type { CustomerPayment } from '#contract/orders.ts';
import type { Page } from '#contract/pagination.ts';
import { quantityText } from '#contract/units.ts';
import { paths } from '../../paths.ts';
import { DataTable, RowCard, RowCards, rowNumber } from '../../ui/DataTable.tsx';
import { LoadedPages } from '../../ui/Loaded.tsx';
import { OrderNumberSearch } from '../../ui/OrderNumberSearch.tsx';
import { useOrderSearch, usePaymentCount, usePaymentHistory } from './get-payment-history.ts';
import { RefundList } from './RefundList.tsx';
import { ShopDeliveryList } from './ShopDelivery.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { shopSteps } from './shop-steps.ts';

const orderDate = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function InvoiceLink({ payment }: { payment: CustomerPayment }) {
  return (
    <Link
      to={paths.dashboard.invoice(payment._id)}
      className="btn btn-outline btn-sm"
      aria-label={`Invoice for ${payment.orderNumber}`}
    >
      <FileText size={16} aria-hidden="true" /> Invoice
    </Link>
  );
}

function Delivery({ payment }: { payment: CustomerPayment }) {
  return (
    <ShopDeliveryList
      steps={shopSteps(payment.productIds, payment.fulfilment, payment.cancelledSlots)}
      label={`Delivery of ${payment.orderNumber}`}
    />
  );
}

/**
 * What the order bought, a line each: its name ("Eggs — Dozen" for a size of a product sold in several; decision 052)
 * and its amount in its own units ("2 jars", "1 dozen"; pieces of weighed goods).
 */
function Lines({ payment }: { payment: CustomerPayment }) {
  if (payment.productIds.length === 0) return null;
  return (
    <ul aria-label={`Items of ${payment.orderNumber}`} className="mt-1 text-xs font-normal">
      {payment.productIds.map((line) => (
        <li key={line._id} className="wrap-anywhere">
          {line.itemName},{' '}
          {line.weight
            ? quantityText(line.amount, 'piece')
            : line.unit
              ? quantityText(line.amount, line.unit, line.pack ?? null)
              : line.amount}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the order costs: its price, or with weighed goods the estimate while the card is only held, with the hold and
 * what of it was released (the same figures as the invoice and the e-mails).
 */
function Price({ payment }: { payment: CustomerPayment }) {
  const { hold } = payment;
  if (!hold) return <>{formatDollars(payment.price)}</>;
  const held = hold.status === 'authorized';
  return (
    <>
      {held ? `≈ ${formatDollars(payment.price)}` : formatDollars(payment.price)}
      <span className="block text-xs font-normal">
        {held ? `Held up to ${formatDollars(hold.authorized)}` : `Held ${formatDollars(hold.authorized)}`}
        {hold.released > 0 ? ` · ${formatDollars(hold.released)} released` : ''}
      </span>
    </>
  );
}

/** What a shop's cancellation gave back, and what the buyer paid in the end. Nothing when there was no refund. */
function Refunds({ payment, wide = false }: { payment: CustomerPayment; wide?: boolean }) {
  if (payment.refunds.length === 0) return null;
  const afterPending = payment.netPaid - payment.refundPending;
  return (
    <div
      className={
        wide
          ? 'flex flex-wrap items-end justify-between gap-x-8 gap-y-2 rounded-box bg-base-200 px-4 py-2'
          : 'mt-1.5 space-y-1'
      }
    >
      <RefundList refunds={payment.refunds} label={`Refunds of ${payment.orderNumber}`} />
      <p className="text-sm">
        Net paid <span className="font-semibold">{formatDollars(payment.netPaid)}</span>
        {payment.refundPending > 0 ? (
          <span className="block text-xs">{formatDollars(afterPending)} once the refund is back on your card</span>
        ) : null}
      </p>
    </div>
  );
}

/** One payment as a card, for phones where eight columns do not fit. */
function PaymentCard({ payment }: { payment: CustomerPayment }) {
  return (
    <RowCard
      aria-labelledby={`pay-${payment._id}`}
      heading={
        <h2 id={`pay-${payment._id}`} className="text-lg font-bold">
          Order {payment.orderNumber}
          <Lines payment={payment} />
          <span className="block">
            <Price payment={payment} />
          </span>
          <span className="block text-sm font-normal">{orderDate(payment.date)}</span>
        </h2>
      }
      status={<StatusBadge status={payment.status} />}
      actions={<InvoiceLink payment={payment} />}
    >
      <Refunds payment={payment} />
      <p className="mt-2 text-sm">
        Transaction Id: <span className="font-mono text-xs break-all">{payment.transactionId}</span>
      </p>
      <h3 className="mt-3 text-sm font-bold">Delivery</h3>
      <div className="mt-1">
        <Delivery payment={payment} />
      </div>
    </RowCard>
  );
}

export function PaymentHistoryPage() {
  return <LoadedPages usePage={usePaymentHistory} loading="Loading your payments" view={Payments} />;
}

function Payments({ data, onPage }: { data: Page<CustomerPayment>; onPage: (page: number) => void }) {
  const { items, total } = data;
  const q = useOrderSearch();
  // The heading counts every payment (the spec's 'Transaction History List: N'), whatever the search.
  const count = usePaymentCount();
  return (
    <div>
      <h1 className="text-3xl font-bold">Transaction History List: {q ? (count ?? '…') : total}</h1>
      <OrderNumberSearch />
      {/* Always there, so that screen readers announce what each search found. */}
      <p className="mt-2 empty:hidden" role="status">
        {q
          ? total === 0
            ? `No order ${q} in your payments`
            : `Found ${items.map((p) => p.orderNumber).join(', ')}`
          : null}
      </p>
      {items.length === 0 ? (
        q ? null : (
          <p className="mt-6 rounded-box bg-base-200 p-6">No payments yet.</p>
        )
      ) : (
        <>
          <RowCards rows={items} card={(payment) => <PaymentCard payment={payment} />} className="mt-6" />
          <DataTable
            label="Payment history"
            rows={items}
            rowClassName={(payment) => (payment.refunds.length > 0 ? 'border-b-0' : undefined)}
            afterRow={(payment) =>
              payment.refunds.length > 0 ? (
                // The refunds of the payment above, under its columns.
                <tr>
                  <td />
                  <td colSpan={7} className="pt-0">
                    <Refunds payment={payment} wide />
                  </td>
                </tr>
              ) : null
            }
            pager={{ page: data, onPage, label: 'Payment history pages' }}
            className="mt-6 hidden rounded-box border border-base-300 bg-base-100 md:block"
            columns={[
              { header: '#', cell: (_, index) => rowNumber(data, index) },
              {
                header: 'Order',
                className: 'font-semibold',
                cell: (payment) => (
                  <>
                    <span className="whitespace-nowrap">{payment.orderNumber}</span>
                    <Lines payment={payment} />
                  </>
                ),
              },
              { header: 'Price', className: 'font-semibold', cell: (payment) => <Price payment={payment} /> },
              { header: 'Order Date', cell: (payment) => orderDate(payment.date) },
              {
                header: 'Transaction Id',
                className: 'max-w-48 font-mono text-xs break-all',
                cell: (payment) => payment.transactionId,
              },
              { header: 'Status', cell: (payment) => <StatusBadge status={payment.status} /> },
              { header: 'Delivery', cell: (payment) => <Delivery payment={payment} /> },
              { header: 'Invoice', cell: (payment) => <InvoiceLink payment={payment} /> },
            ]}
          />
        </>
      )}
    </div>
  );
}
