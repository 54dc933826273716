import { Download, Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { formatDollars } from '#contract/money.ts';
import { grandTotalLabel, type Invoice } from '#contract/orders.ts';
import { taxRowsOf } from '#contract/tax.ts';
import { holdText, weightText } from '#contract/weighed.ts';
import { errorMessage } from '../../api/client.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SavingNote } from '../../ui/SavingNote.tsx';
import { toast } from '../../ui/toast.ts';
import { UnitPrice } from '../../ui/UnitPrice.tsx';
import { CancelPart } from './CancelPart.tsx';
import { useDownloadInvoice } from './download-invoice.ts';
import { HandoverList } from './FulfilmentLine.tsx';
import { useInvoice } from './get-invoice.ts';
import { useOrderTracking } from './get-order-tracking.ts';
import { MovePart } from './MovePart.tsx';
import { useOrderProblems } from './problem-reports.ts';
import { RefundStatusText } from './RefundList.tsx';
import { ReportProblem } from './ReportProblem.tsx';
import { ShopDeliveryList } from './ShopDelivery.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import '../../ui/print-sheet.css';
import './invoice-print.css';

const RIGHT = { className: 'text-right', headerClassName: 'text-right' };

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Each shop's step of the order, read once for the whole invoice, and the problems reported with each. */
function DeliverySection({ paymentId, items }: { paymentId: string; items: Invoice['items'] }) {
  const tracking = useOrderTracking(paymentId);
  const problems = useOrderProblems(tracking.data?._id ?? '', tracking.isSuccess);
  return (
    <section aria-labelledby="delivery" className="mt-8">
      <h2 id="delivery" className="text-lg font-bold">
        Delivery
      </h2>
      <div className="mt-2">
        {tracking.isPending ? (
          <p className="flex items-center gap-2 text-sm">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading the delivery steps…
          </p>
        ) : tracking.isError ? (
          <p className="text-sm">
            The delivery steps could not be loaded.{' '}
            <button type="button" className="btn btn-link btn-sm no-print px-0" onClick={() => tracking.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <ShopDeliveryList
            steps={tracking.data.shops.map((shop) => ({ ...shop, handover: shop.fulfilment }))}
            label="Delivery steps by shop"
            withHandover={false}
            action={(shop) => (
              <>
                <MovePart orderId={tracking.data._id} shop={shop} />
                <CancelPart orderId={tracking.data._id} shop={shop} />
                <ReportProblem
                  orderId={tracking.data._id}
                  shop={shop}
                  lines={items.filter((item) => item.shopName === shop.shopName && item.status !== 'cancelled')}
                  reports={(problems.data ?? []).filter((report) => report.shopId === shop.shopId)}
                />
              </>
            )}
          />
        )}
      </div>
    </section>
  );
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  return (
    <article
      className="print-sheet invoice-sheet rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-10"
      aria-labelledby="invoice-title"
    >
      <div className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <p className="text-3xl font-bold text-primary">{invoice.company.name}</p>
          <p className="text-sm">{invoice.company.tagline}</p>
          <address className="mt-2 text-sm not-italic">
            {invoice.company.address}
            <br />
            {invoice.company.email}
            <br />
            {invoice.company.phone}
          </address>
        </div>
        <div className="text-right">
          <h1 id="invoice-title" className="text-3xl font-bold">
            Invoice
          </h1>
          <p className="mt-1 text-sm">
            Date: <span className="font-semibold">{longDate(invoice.date)}</span>
          </p>
          <p className="text-sm break-all">
            Invoice number: <span className="font-mono font-semibold">{invoice.invoiceNumber}</span>
          </p>
          <p className="text-sm">
            Order: <span className="font-mono font-semibold">{invoice.orderNumber}</span>
          </p>
        </div>
      </div>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="bill-to">
          <h2 id="bill-to" className="text-lg font-bold">
            Bill to
          </h2>
          <address className="mt-1 not-italic">
            <span className="font-semibold">{invoice.billTo.name}</span>
            <br />
            {invoice.billTo.address}
            <br />
            {invoice.billTo.phone}
            <br />
            {invoice.billTo.email}
          </address>
          {invoice.note ? (
            <p className="mt-2">
              <span className="font-semibold">Your note for the shop:</span> {invoice.note}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="overview">
          <h2 id="overview" className="text-lg font-bold">
            Overview
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>Payment method</dt>
            <dd className="font-semibold">{invoice.payment.method}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={invoice.payment.status} />
            </dd>
            <dt>Amount</dt>
            <dd className="font-semibold">{formatDollars(invoice.grandTotal)}</dd>
            {invoice.hold ? (
              <>
                <dt>Weighed goods</dt>
                <dd>{holdText(invoice.hold)}</dd>
              </>
            ) : null}
            {invoice.refunds.length > 0 ? (
              <>
                <dt>Refund</dt>
                <dd className="font-semibold">
                  {formatDollars(invoice.refunded + invoice.refundPending)}{' '}
                  <RefundStatusText status={invoice.refundPending > 0 ? 'pending' : 'succeeded'} />
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      </div>

      <DataTable
        label="Invoice items"
        rows={invoice.items}
        className="mt-8"
        tableClassName="table table-sm sm:table-md max-sm:[&_:is(th,td)]:px-1.5 [&_th]:whitespace-normal"
        columns={[
          {
            header: 'Name',
            // A long product or shop name breaks so that the table still fits a phone.
            className: 'whitespace-normal wrap-anywhere',
            cell: (item) => (
              <>
                <span className={`font-semibold ${item.status === 'cancelled' ? 'line-through' : ''}`}>
                  {item.name}
                </span>
                <br />
                <span className="text-sm">{item.shopName}</span>
                <SavingNote saving={item.saving} />
                {item.weight ? (
                  <span className="block text-sm">{weightText(item.weight, item.totalAmount)}</span>
                ) : null}
                {item.status === 'cancelled' ? (
                  <span className="block text-sm">
                    Cancelled
                    {item.refund ? (
                      <>
                        {' · '}
                        {formatDollars(item.refund.amount)} <RefundStatusText status={item.refund.status} />
                      </>
                    ) : null}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            header: 'Unit Price',
            ...RIGHT,
            cell: (item) =>
              item.weight ? (
                `${formatDollars(item.unitPrice)}/kg`
              ) : item.unit ? (
                <UnitPrice price={item.unitPrice} unit={item.unit} pack={item.pack} />
              ) : (
                formatDollars(item.unitPrice)
              ),
          },
          {
            // "Qty" on phones, so the four columns fit a 320 px screen.
            header: (
              <>
                <abbr title="Quantity" className="no-underline sm:hidden">
                  Qty
                </abbr>
                <span className="max-sm:hidden">Quantity</span>
              </>
            ),
            ...RIGHT,
            cell: (item) => item.quantity,
          },
          { header: 'Total Amount', ...RIGHT, cell: (item) => formatDollars(item.totalAmount) },
        ]}
        foot={
          <>
            <tr>
              <td colSpan={3} className="text-right">
                Subtotal
              </td>
              <td className="text-right">{formatDollars(invoice.subtotal)}</td>
            </tr>
            {invoice.discount > 0 ? (
              <tr>
                <td colSpan={3} className="text-right">
                  Coupon {invoice.couponCode}
                </td>
                <td className="text-right">−{formatDollars(invoice.discount)}</td>
              </tr>
            ) : null}
            <tr>
              <td colSpan={3} className="text-right">
                Delivery
              </td>
              <td className="text-right">{invoice.deliveryFee > 0 ? formatDollars(invoice.deliveryFee) : 'Free'}</td>
            </tr>
            {taxRowsOf(invoice.taxLines ?? [], invoice.pricesIncludeTax ?? false).map(([label, amount]) => (
              <tr key={label}>
                <td colSpan={3} className="text-right whitespace-normal">
                  {label}
                </td>
                <td className="text-right">{amount}</td>
              </tr>
            ))}
            <tr className="text-lg">
              <th scope="row" colSpan={3} className="text-right">
                {grandTotalLabel(invoice.hold)}
              </th>
              <td className="text-right font-bold">{formatDollars(invoice.grandTotal)}</td>
            </tr>
            {invoice.chargeAt !== undefined ? (
              <tr>
                <td colSpan={4} className="text-right whitespace-normal">
                  {invoice.chargeAt ? `Charged at the cutoff: ${invoice.chargeAt.label}` : 'Charged at the cutoff'}
                </td>
              </tr>
            ) : null}
            {invoice.refunds.map((refund) => (
              <tr key={refund._id}>
                <td colSpan={3} className="text-right whitespace-normal">
                  Refund: {refund.description} · <RefundStatusText status={refund.status} />
                </td>
                <td className="text-right whitespace-nowrap">−{formatDollars(refund.amount)}</td>
              </tr>
            ))}
            {invoice.refunds.length > 0 ? (
              <tr className="text-lg">
                <th scope="row" colSpan={3} className="text-right">
                  Net paid
                  {invoice.refundPending > 0 ? (
                    <span className="block text-sm font-normal">
                      {formatDollars(invoice.netPaid - invoice.refundPending)} once the pending refund is back on your
                      card
                    </span>
                  ) : null}
                </th>
                <td className="text-right font-bold">{formatDollars(invoice.netPaid)}</td>
              </tr>
            ) : null}
          </>
        }
      />

      {invoice.fulfilment.length > 0 ? (
        <section aria-labelledby="handover" className="mt-8">
          <h2 id="handover" className="text-lg font-bold">
            Pickup and delivery
          </h2>
          <div className="mt-2">
            <HandoverList handovers={invoice.fulfilment} label="Pickup and delivery by shop" />
          </div>
        </section>
      ) : null}

      <DeliverySection paymentId={invoice._id} items={invoice.items} />

      <section aria-labelledby="notes" className="mt-8">
        <h2 id="notes" className="text-lg font-bold">
          Notes
        </h2>
        <ul className="mt-1 list-disc pl-5 text-sm">
          {invoice.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}

export function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const download = useDownloadInvoice();

  if (invoice.isPending) return <PageLoader label="Loading the invoice" />;
  if (invoice.isError) return <LoadError error={invoice.error} onRetry={() => invoice.refetch()} />;

  const onDownload = () =>
    download.mutate(
      { id, fileName: `farmstall-invoice-${invoice.data.invoiceNumber}.pdf` },
      { onError: (failure) => toast.error(errorMessage(failure)) },
    );

  return (
    <div className="mx-auto max-w-4xl">
      <div className="no-print mb-4 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          <Printer size={18} aria-hidden="true" /> Print
        </button>
        <button type="button" className="btn btn-primary" onClick={onDownload} disabled={download.isPending}>
          {download.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <Download size={18} aria-hidden="true" />
          )}
          Download
        </button>
      </div>
      <InvoiceSheet invoice={invoice.data} />
    </div>
  );
}
