import { Download, type LucideIcon, Package, PackageCheck, Search, Truck, XCircle } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  type FulfilmentUpdate,
  type HandoverKind,
  nextStatuses,
  STEP_LABELS,
  type VendorOrder,
} from '#contract/fulfilment.ts';
import { formatDollars } from '#contract/money.ts';
import type { BookedSlot, WeekKind } from '#contract/vendor-week.ts';
import { windowLabel } from '#contract/window-label.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { useChosenSearch } from '../../ui/chosen-search.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { DataTable, NameAndEmail, RowCard, RowCards } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { toast } from '../../ui/toast.ts';
import { FulfilmentBadge } from './FulfilmentBadge.tsx';
import { useVendorOrderSearch } from './find-vendor-order.ts';
import {
  downloadSheet,
  readWeekFilters,
  type SheetFormat,
  type SheetName,
  useVendorWeek,
  type WeekFilters,
} from './get-vendor-week.ts';
import { OrderLines } from './OrderLines.tsx';
import { StepUndoProvider, useOfferUndo } from './StepUndo.tsx';
import { SubscriptionMark } from './SubscriptionMark.tsx';
import { useUpdateVendorOrder, useVendorOrderSteps } from './update-vendor-order.ts';
import { ProblemMark, VendorProblems } from './VendorProblems.tsx';

type Target = FulfilmentUpdate['status'];

type Step = Exclude<Target, 'cancelled'>;

const ICONS: Record<Step, LucideIcon> = {
  ready: Package,
  shipped: Truck,
  delivered: PackageCheck,
};
/** What a step's button is called, by how the order is handed over. */
const VERBS: Record<HandoverKind, Record<Step, string>> = {
  pickup: { ready: 'Ready', shipped: 'Ship', delivered: 'Picked up' },
  delivery: { ready: 'Packed', shipped: 'Out for delivery', delivered: 'Delivered' },
  shipping: { ready: 'Packed', shipped: 'Ship', delivered: 'Deliver' },
};

const kindOf = (order: VendorOrder): HandoverKind => order.fulfilment?.kind ?? 'shipping';

/** "FS-10234 (Ada Lovelace) is ready for pickup" */
const stepDone = (order: VendorOrder, target: Step) =>
  `${order.orderNumber} (${order.name}) is ${STEP_LABELS[kindOf(order)][target].toLowerCase()}`;

/**
 * The order's next step, one tap: it is made at once and offered back for a few seconds (Undo); cancelling, which
 * refunds and cannot be undone, still asks first.
 */
function OrderActions({ order }: { order: VendorOrder }) {
  const update = useUpdateVendorOrder();
  const offerUndo = useOfferUndo();
  const kind = kindOf(order);
  const targets = nextStatuses(order.status, kind) as Target[];
  if (targets.length === 0) return <span className="text-sm">No action needed</span>;

  const step = async (target: Step) => {
    try {
      const { undo } = await update.mutateAsync({ orderId: order._id, status: target });
      offerUndo({ text: stepDone(order, target), undos: undo ? [{ orderId: order._id, token: undo.token }] : [] });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const cancel = () =>
    confirmAndRun(
      {
        title: 'Cancel your part of this order?',
        text: `${order.name} · ${formatDollars(order.totalPrice)} · You won't be able to revert this!`,
        confirmText: 'Yes, cancel it!',
        cancelText: 'Back',
        danger: true,
      },
      () => update.mutateAsync({ orderId: order._id, status: 'cancelled' }),
      'Order cancelled; the stock is back on your products',
    );

  return (
    <div className="flex flex-wrap gap-2">
      {targets.map((target) => {
        if (target === 'cancelled') {
          return (
            <button
              key={target}
              type="button"
              className="btn btn-sm min-h-11 btn-outline btn-error md:min-h-8"
              disabled={update.isPending}
              onClick={cancel}
              aria-label={`Cancel the order of ${order.name}`}
            >
              <XCircle aria-hidden="true" className="size-3.5" />
              Cancel
            </button>
          );
        }
        const Icon = ICONS[target];
        const label = VERBS[kind][target];
        return (
          <button
            key={target}
            type="button"
            className="btn btn-sm min-h-11 btn-primary md:min-h-8"
            disabled={update.isPending}
            onClick={() => step(target)}
            aria-label={`${label} the order of ${order.name}`}
          >
            <Icon aria-hidden="true" className="size-3.5" />
            {label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * Who the order is for and how to reach them: the name when it is not the order's own, the phone and address given
 * at checkout (the delivery address and postcode for a delivery slot), and the shopper's notes for the shop.
 */
function DeliverTo({ order }: { order: VendorOrder }) {
  const { name, phone, address } = order.deliverTo;
  const delivery = order.fulfilment?.deliveryAddress;
  const pickup = order.fulfilment?.kind === 'pickup' ? order.fulfilment : null;
  const notes = [...new Set([order.note, order.fulfilment?.note].filter((note): note is string => Boolean(note)))];
  return (
    <>
      <address className="not-italic">
        {name === order.name ? null : <div>{name}</div>}
        {/* A subscription's order has the member's profile phone, which may be unset. */}
        {phone ? (
          <a className="link whitespace-nowrap" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {phone}
          </a>
        ) : null}
        {pickup ? (
          <div>
            {/* Where and when the shopper collects it: their home address is not the vendor's business. */}
            Pickup at {pickup.pickupPoint?.name} · {windowLabel(pickup.start, pickup.end, pickup.timeZone)}
          </div>
        ) : (
          <div>{delivery ? `${delivery.address}, ${delivery.postcode}` : address}</div>
        )}
      </address>
      {notes.map((note) => (
        <p key={note} className="mt-1 wrap-anywhere">
          <span className="font-semibold">Note:</span> {note}
        </p>
      ))}
    </>
  );
}

/** The same order as a card, for narrow screens where the columns do not fit. */
function OrderCard({ order }: { order: VendorOrder }) {
  return (
    <RowCard
      aria-label={`Order of ${order.name}`}
      heading={
        <div className="min-w-0">
          <p className="text-sm font-semibold">
            Order {order.orderNumber} <SubscriptionMark shown={order.subscription} />
          </p>
          <h3 className="font-bold">{order.name}</h3>
          <p className="text-sm break-all">{order.email}</p>
        </div>
      }
      status={
        <>
          <FulfilmentBadge status={order.status} kind={kindOf(order)} />
          <ProblemMark orderId={order._id} />
        </>
      }
      actions={<OrderActions order={order} />}
    >
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div className="col-span-2">
          <dt className="font-semibold">Items</dt>
          <dd>
            <OrderLines order={order} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Total Price</dt>
          <dd>{formatDollars(order.totalPrice)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Ordered</dt>
          <dd>{new Date(order.createdAt).toLocaleDateString('en-US')}</dd>
        </div>
        <div className="col-span-2">
          <dt className="font-semibold">{order.fulfilment?.kind === 'pickup' ? 'Shopper' : 'Deliver to'}</dt>
          <dd>
            <DeliverTo order={order} />
          </dd>
        </div>
      </dl>
    </RowCard>
  );
}

/** A group's orders: cards on a phone, a table from `md` on. */
function OrderList({ orders, label }: { orders: VendorOrder[]; label: string }) {
  return (
    <>
      <RowCards rows={orders} card={(order) => <OrderCard order={order} />} className="mt-3" />
      <DataTable
        label={label}
        rows={orders}
        className="mt-3 hidden rounded-box border border-base-300 bg-base-100 md:block"
        columns={[
          {
            header: 'Order',
            className: 'whitespace-nowrap font-semibold',
            cell: (order) => (
              <>
                {order.orderNumber}
                {order.subscription ? (
                  <span className="block">
                    <SubscriptionMark shown />
                  </span>
                ) : null}
              </>
            ),
          },
          {
            header: 'Name',
            rowHeader: true,
            cell: (order) => (
              <NameAndEmail name={order.name} email={order.email} nameClassName="whitespace-nowrap font-semibold" />
            ),
          },
          { header: 'Items', className: 'text-sm', cell: (order) => <OrderLines order={order} /> },
          { header: 'Shopper', className: 'text-sm', cell: (order) => <DeliverTo order={order} /> },
          {
            header: 'Total Price',
            className: 'whitespace-nowrap font-semibold',
            cell: (order) => formatDollars(order.totalPrice),
          },
          {
            header: 'Status',
            cell: (order) => (
              <>
                <FulfilmentBadge status={order.status} kind={kindOf(order)} />
                <ProblemMark orderId={order._id} />
              </>
            ),
          },
          { header: 'Action', cell: (order) => <OrderActions order={order} /> },
        ]}
      />
    </>
  );
}

/** "Sat 28 Nov, 09:00–12:00 PST · Pickup at Farm gate · 3 orders" */
export function slotHeading(slot: BookedSlot): string {
  const place = slot.pickupPoint ? `Pickup at ${slot.pickupPoint.name}` : 'Delivery';
  const orders = `${slot.orders} ${slot.orders === 1 ? 'order' : 'orders'}`;
  return `${windowLabel(slot.start, slot.end, slot.timeZone)} · ${place} · ${orders}`;
}

const SHEETS: [SheetName, string][] = [
  ['pick-list', 'Pick list'],
  ['packing-slips', 'Packing slips'],
];

/** Saves a slot's sheet as PDF or CSV, telling the vendor when it fails. */
export function SheetDownloads({ shopId, slot }: { shopId: string; slot: BookedSlot }) {
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const save = async (sheet: SheetName, format: SheetFormat) => {
    if (menu.current) menu.current.open = false;
    setBusy(true);
    try {
      await downloadSheet(shopId, slot.id, sheet, format, slot.start.slice(0, 10));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The download failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <details ref={menu} className="dropdown dropdown-end">
      <summary className="btn btn-sm btn-outline" aria-label={`Download the sheets of ${slotHeading(slot)}`}>
        <Download size={16} aria-hidden="true" /> Download
      </summary>
      <ul className="menu dropdown-content z-10 mt-1 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow">
        {SHEETS.flatMap(([sheet, label]) =>
          (['pdf', 'csv'] as const).map((format) => (
            <li key={`${sheet}-${format}`}>
              <button type="button" disabled={busy} onClick={() => save(sheet, format)}>
                {label} ({format.toUpperCase()})
              </button>
            </li>
          )),
        )}
      </ul>
    </details>
  );
}

/** A delivery round's stops, in order of postcode then address. */
function Stops({ orders }: { orders: VendorOrder[] }) {
  const stops = orders
    .filter((order) => order.status !== 'cancelled' && order.fulfilment?.deliveryAddress)
    .map((order) => ({ order, ...(order.fulfilment?.deliveryAddress ?? { address: '', postcode: '' }) }))
    .sort((a, b) => a.postcode.localeCompare(b.postcode) || a.address.localeCompare(b.address));
  return (
    <details className="mt-3 rounded-box border border-base-300 bg-base-100 p-3 text-sm">
      <summary className="cursor-pointer font-semibold">Stops by postcode ({stops.length})</summary>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
        {stops.map(({ order, address, postcode }) => (
          <li key={order._id}>
            <span className="font-semibold">{postcode}</span> {address} · {order.deliverTo.name}
            {order.deliverTo.phone ? (
              <>
                {' · '}
                <a className="link" href={`tel:${order.deliverTo.phone.replace(/[^\d+]/g, '')}`}>
                  {order.deliverTo.phone}
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * Moves every order shown of a slot that is still Ordered to Ready (Packed for a delivery round) in one call; what
 * could not move (cancelled meanwhile, a line to weigh) is listed with why.
 */
function MarkAllReady({ kind, orders, heading }: { kind: HandoverKind; orders: VendorOrder[]; heading: string }) {
  const steps = useVendorOrderSteps();
  const offerUndo = useOfferUndo();
  const [refusals, setRefusals] = useState<string[]>([]);
  const due = orders.filter((order) => order.status === 'pending' && nextStatuses('pending', kind).includes('ready'));
  const label = `Mark all ${STEP_LABELS[kind].ready === 'Packed' ? 'packed' : 'ready'}`;
  const run = async () => {
    const numberOf = new Map(due.map((order) => [order._id, order.orderNumber]));
    try {
      const { moved, results } = await steps.mutateAsync({ orderIds: [...numberOf.keys()], status: 'ready' });
      setRefusals(
        results
          .filter((result) => result.outcome === 'refused')
          .map((result) => `${numberOf.get(result.orderId)}: ${result.message}`),
      );
      offerUndo({
        text: `${moved} ${moved === 1 ? 'order' : 'orders'} ${STEP_LABELS[kind].ready.toLowerCase()}`,
        undos: results.flatMap((result) =>
          result.undo ? [{ orderId: result.orderId, token: result.undo.token }] : [],
        ),
      });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  if (due.length === 0 && refusals.length === 0) return null;
  return (
    <div className="mt-3">
      {due.length > 0 ? (
        <button
          type="button"
          className="btn btn-primary min-h-11 w-full sm:w-auto"
          disabled={steps.isPending}
          onClick={run}
          aria-label={`${label}: ${due.length} ${due.length === 1 ? 'order' : 'orders'} of ${heading}`}
        >
          <Package size={18} aria-hidden="true" /> {label} ({due.length})
        </button>
      ) : null}
      {refusals.length > 0 ? (
        <div role="alert" className="mt-2 rounded-box bg-warning/20 p-3 text-sm">
          <p className="font-semibold">Not moved:</p>
          <ul className="list-disc pl-5">
            {refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function SlotSection({ shopId, slot }: { shopId: string; slot: BookedSlot & { items: VendorOrder[] } }) {
  const heading = slotHeading(slot);
  const sheetPath = (sheet: SheetName) =>
    sheet === 'pick-list' ? paths.dashboard.pickList(slot.id) : paths.dashboard.packingSlips(slot.id);
  return (
    <section aria-label={heading} className="rounded-box border border-base-300 bg-base-200/40 p-3 md:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{heading}</h2>
        <div className="flex flex-wrap gap-2">
          {SHEETS.map(([sheet, label]) => (
            <Link
              key={sheet}
              className="btn btn-sm btn-outline"
              to={sheetPath(sheet)}
              aria-label={`${label}: ${heading}`}
            >
              {label}
            </Link>
          ))}
          <SheetDownloads shopId={shopId} slot={slot} />
        </div>
      </div>
      {slot.kind === 'delivery' ? <Stops orders={slot.items} /> : null}
      <MarkAllReady kind={slot.kind} orders={slot.items} heading={heading} />
      <OrderList orders={slot.items} label={`Orders of ${heading}`} />
    </section>
  );
}

const KINDS: [WeekKind, string][] = [
  ['all', 'Pickup and delivery'],
  ['pickup', 'Pickup'],
  ['delivery', 'Delivery'],
];

/** The dates and kind shown, kept in the address so a reload or a shared link shows the same week. */
function WeekFilterForm({ filters, shown }: { filters: WeekFilters; shown?: { from: string; to: string } }) {
  const [, setSearch] = useChosenSearch();
  const change = (name: keyof WeekFilters) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setSearch(
      (next) => {
        if (event.target.value && !(name === 'kind' && event.target.value === 'all'))
          next.set(name, event.target.value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-3"
      aria-label="Which orders"
      onSubmit={(e) => e.preventDefault()}
    >
      {(['from', 'to'] as const).map((name) => (
        <label key={name} className="form-control">
          <span className="label-text text-sm font-semibold">{name === 'from' ? 'From' : 'To'}</span>
          <input
            type="date"
            className="input input-bordered input-sm"
            value={filters[name] || shown?.[name] || ''}
            onChange={change(name)}
          />
        </label>
      ))}
      <label className="form-control">
        <span className="label-text text-sm font-semibold">Kind</span>
        <select className="select select-bordered select-sm" value={filters.kind} onChange={change('kind')}>
          {KINDS.map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

/**
 * Finds an order at the market table by its number or the shopper's name, filtering the week as one types; kept in
 * the address (`?q=`) so a reload shows the same.
 */
function OrderFinder() {
  const [search, setSearch] = useChosenSearch();
  return (
    <search className="mt-4">
      <label className="input input-lg w-full max-w-md">
        <Search size={20} aria-hidden="true" />
        <span className="sr-only">Find an order</span>
        <input
          type="search"
          placeholder="Order number or name"
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          value={search.get('q') ?? ''}
          onChange={(event) =>
            setSearch(
              (next) => {
                if (event.target.value) next.set('q', event.target.value);
                else next.delete('q');
                return next;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        />
      </label>
    </search>
  );
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether the order is the one asked for: its number ("FS-10234", "10234", "234") or the shopper's name. */
export function orderMatches(order: VendorOrder, q: string): boolean {
  const wanted = folded(q.trim());
  if (!wanted) return true;
  const digits = wanted.replace(/^fs-?/, '');
  if (/^\d+$/.test(digits) && order.orderNumber.replace(/\D/g, '').includes(digits)) return true;
  return folded(order.name).includes(wanted) || folded(order.deliverTo.name).includes(wanted);
}

/** The order a shopper named by its number, when it is not among the week's: looked up among all the shop's. */
function FoundOrder({ q }: { q: string }) {
  const found = useVendorOrderSearch(q);
  return (
    <Loaded query={found} loading="Finding the order">
      {(data) =>
        data.items.length === 0 ? (
          <p className="mt-4 rounded-box bg-base-200 p-6" role="status">
            No order {q} among yours.
          </p>
        ) : (
          <section aria-label={`Order ${q}`} className="mt-4 rounded-box border border-base-300 p-3 md:p-4">
            <h2 className="text-lg font-bold">Found {data.items.map((order) => order.orderNumber).join(', ')}</h2>
            <OrderList orders={data.items} label="Found orders" />
          </section>
        )
      }
    </Loaded>
  );
}

/** The vendor's week: orders grouped under their pickup or delivery slot, soonest first; orders without one apart. */
export function VendorOrdersPage() {
  const { user } = useAuth();
  const shopId = user?.id ?? '';
  const [search] = useChosenSearch();
  const filters = readWeekFilters(search);
  const q = search.get('q')?.trim() ?? '';
  const week = useVendorWeek(shopId, filters);

  return (
    <StepUndoProvider>
      <h1 className="text-3xl font-bold">Your Order List</h1>
      <p className="mt-1">Your week: orders by pickup and delivery slot, with pick lists and packing slips.</p>
      <VendorProblems />
      <OrderFinder />
      {/* Outside the answer, so filters the server refuses (400) can be put right. */}
      <WeekFilterForm filters={filters} shown={week.data} />
      <Loaded query={week} loading="Loading your orders">
        {(data) => {
          const slots = data.slots
            .map((slot) => ({ ...slot, items: slot.items.filter((order) => orderMatches(order, q)) }))
            .filter((slot) => !q || slot.items.length > 0);
          const unslotted = data.unslotted.filter((order) => orderMatches(order, q));
          if (q && slots.length === 0 && unslotted.length === 0) return <FoundOrder q={q} />;
          return (
            <>
              {data.slots.length === 0 && data.unslotted.length === 0 ? (
                <p className="mt-6 rounded-box bg-base-200 p-6">
                  No orders in these dates. They show here under their slot as soon as a customer buys.
                </p>
              ) : null}
              <div className="mt-4 space-y-4">
                {slots.map((slot) => (
                  <SlotSection key={slot.id} shopId={shopId} slot={slot} />
                ))}
                {unslotted.length > 0 ? (
                  <section aria-label="Shipped orders" className="rounded-box border border-base-300 p-3 md:p-4">
                    <h2 className="text-lg font-bold">Shipped orders (no slot) · {unslotted.length}</h2>
                    <OrderList orders={unslotted} label="Shipped orders" />
                  </section>
                ) : null}
              </div>
            </>
          );
        }}
      </Loaded>
    </StepUndoProvider>
  );
}
