import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { amountText } from '#contract/units.ts';
import { formatWeight, type PackingSlip, type SlotSheet } from '#contract/vendor-week.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { type SheetName, useSlotSheet } from './get-vendor-week.ts';
import { LineWeight } from './OrderLines.tsx';
import { SubscriptionMark } from './SubscriptionMark.tsx';
import { SheetDownloads, slotHeading } from './VendorOrdersPage.tsx';
import '../../ui/print-sheet.css';
import './slot-sheet-print.css';

const TITLES: Record<SheetName, string> = { 'pick-list': 'Pick list', 'packing-slips': 'Packing slips' };

function PickList({ sheet }: { sheet: SlotSheet }) {
  return (
    <>
      <DataTable
        label="Products to pick"
        rows={sheet.pickList.map((item) => ({ ...item, _id: item.productId ?? item.name }))}
        columns={[
          { header: 'Product', rowHeader: true, cell: (item) => item.name },
          {
            header: 'Units',
            className: 'text-right',
            headerClassName: 'text-right',
            cell: (item) => amountText(item.units, item.unit, item.pack),
          },
          {
            header: 'Weight',
            className: 'text-right',
            headerClassName: 'text-right',
            cell: (item) => (item.grams === null ? '' : formatWeight(item.grams, item.weighed)),
          },
        ]}
      />
      <p className="mt-2 text-sm">
        For {sheet.packingSlips.length} {sheet.packingSlips.length === 1 ? 'order' : 'orders'}
        {sheet.subscriptionOrders ? ` (${sheet.subscriptionOrders} of them subscriptions)` : ''}; cancelled lines are
        left out.
      </p>
      {sheet.stops.length > 0 ? (
        <section className="mt-6">
          <h2 className="text-lg font-bold">Stops by postcode</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-6">
            {sheet.stops.map((stop) => (
              <li key={stop.orderId}>
                <span className="font-semibold">{stop.postcode}</span> {stop.address} · {stop.name} · {stop.phone} ·{' '}
                {stop.orderNumber}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

function Slip({ slip, sheet, index }: { slip: PackingSlip; sheet: SlotSheet; index: number }) {
  const place = slip.pickupPoint
    ? `Pickup at ${slip.pickupPoint.name}, ${slip.pickupPoint.address}`
    : `Delivery to ${slip.deliveryAddress?.address}, ${slip.deliveryAddress?.postcode}`;
  return (
    <article
      className="packing-slip rounded-box border border-base-300 bg-base-100 p-4"
      aria-label={`Packing slip of ${slip.shopper.name}`}
    >
      <p className="text-sm">
        {sheet.shopName} · Packing slip {index + 1} of {sheet.packingSlips.length}
      </p>
      <p className="mt-1 font-mono font-semibold">
        Order {slip.orderNumber} <SubscriptionMark shown={slip.subscription} />
      </p>
      <h2 className="text-xl font-bold">{slip.shopper.name}</h2>
      <p className="text-sm">
        {slip.shopper.phone} · <span className="break-all">{slip.shopper.email}</span>
      </p>
      <p className="mt-1 text-sm">{slotHeading(sheet.slot).split(' · ')[0]}</p>
      <p className="text-sm font-semibold">{place}</p>
      <ul className="mt-3 space-y-1">
        {slip.items.map((item) => (
          <li key={item.name} className="flex flex-wrap items-baseline gap-x-2">
            <span aria-hidden="true">☐</span>
            <span>
              {item.name} ×{amountText(item.amount, item.unit, item.pack)}
            </span>
            <LineWeight line={item} />
          </li>
        ))}
      </ul>
      {slip.note ? (
        <p className="mt-3">
          <span className="font-semibold">Note:</span> {slip.note}
        </p>
      ) : null}
    </article>
  );
}

/** A slot's pick list or packing slips, to read, print (a slip per page) or download. */
export function SlotSheetPage({ sheet: name }: { sheet: SheetName }) {
  const { user } = useAuth();
  const { slotId = '' } = useParams();
  const query = useSlotSheet(user?.id ?? '', slotId);
  const title = TITLES[name];
  return (
    <div className="print-sheet slot-sheet">
      <Link to="/dashboard/vendorOrder" className="btn btn-link btn-sm no-print px-0">
        <ArrowLeft size={16} aria-hidden="true" /> Your orders
      </Link>
      <Loaded query={query} loading={`Loading the ${title.toLowerCase()}`}>
        {(sheet) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h1 className="text-3xl font-bold">{title}</h1>
                <p className="mt-1 font-semibold">{slotHeading(sheet.slot)}</p>
                {sheet.slot.pickupPoint ? <p className="text-sm">{sheet.slot.pickupPoint.address}</p> : null}
              </div>
              <div className="no-print flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm btn-primary" onClick={() => window.print()}>
                  <Printer size={16} aria-hidden="true" /> Print
                </button>
                <SheetDownloads shopId={sheet.shopId} slot={sheet.slot} />
              </div>
            </div>
            <div className="mt-4 space-y-4">
              {name === 'pick-list' ? (
                <PickList sheet={sheet} />
              ) : (
                sheet.packingSlips.map((slip, index) => (
                  <Slip key={slip.orderId} slip={slip} sheet={sheet} index={index} />
                ))
              )}
            </div>
          </>
        )}
      </Loaded>
    </div>
  );
}

export const PickListPage = () => <SlotSheetPage sheet="pick-list" />;
export const PackingSlipsPage = () => <SlotSheetPage sheet="packing-slips" />;
