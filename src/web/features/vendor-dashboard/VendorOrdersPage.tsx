import { type LucideIcon, Package, PackageCheck, Truck, XCircle } from 'lucide-react';
import {
  type DeliveryKind,
  type FulfilmentUpdate,
  type HandoverKind,
  nextStatuses,
  STEP_LABELS,
  type VendorOrder,
} from '#contract/fulfilment.ts';
import { formatDollars } from '#contract/money.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { DataTable, RowCard, RowCards, rowNumber } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { FulfilmentBadge } from './FulfilmentBadge.tsx';
import { useVendorOrders } from './get-vendor-orders.ts';
import { useUpdateVendorOrder } from './update-vendor-order.ts';

type Target = FulfilmentUpdate['status'];

type Action = { label: string; icon: LucideIcon; className: string; question: string; done: string };

const CANCEL: Action = {
  label: 'Cancel',
  icon: XCircle,
  className: 'btn-outline btn-error',
  question: 'Cancel your part of this order?',
  done: 'Order cancelled; the stock is back on your products',
};
const ICONS: Record<Exclude<Target, 'cancelled'>, LucideIcon> = {
  ready: Package,
  shipped: Truck,
  delivered: PackageCheck,
};
/** What a step's button is called, by how the order is handed over. */
const VERBS: Record<HandoverKind, Record<Exclude<Target, 'cancelled'>, string>> = {
  pickup: { ready: 'Ready', shipped: 'Ship', delivered: 'Picked up' },
  delivery: { ready: 'Packed', shipped: 'Out', delivered: 'Delivered' },
  shipping: { ready: 'Packed', shipped: 'Ship', delivered: 'Deliver' },
};

const kindOf = (order: VendorOrder): HandoverKind => order.fulfilment?.kind ?? 'shipping';

function actionOf(target: Target, kind: HandoverKind): Action {
  if (target === 'cancelled') return CANCEL;
  const step = STEP_LABELS[kind][target];
  return {
    label: VERBS[kind][target],
    icon: ICONS[target],
    className: 'btn-primary',
    question: `Mark this order as ${step.toLowerCase()}?`,
    done: `Order marked as ${step.toLowerCase()}`,
  };
}

function OrderActions({ order }: { order: VendorOrder }) {
  const update = useUpdateVendorOrder();
  const kind = kindOf(order);
  const targets = nextStatuses(order.status, kind) as Target[];
  if (targets.length === 0) return <span className="text-sm">No action needed</span>;

  const run = (target: Target) => {
    const action = actionOf(target, kind);
    return confirmAndRun(
      {
        title: action.question,
        text: `${order.name} · ${formatDollars(order.totalPrice)}${target === 'cancelled' ? " · You won't be able to revert this!" : ''}`,
        confirmText: target === 'cancelled' ? 'Yes, cancel it!' : `Yes, ${action.label.toLowerCase()} it!`,
        cancelText: 'Back',
        danger: target === 'cancelled',
      },
      () => update.mutateAsync({ orderId: order._id, status: target }),
      action.done,
    );
  };

  return (
    <RowActions
      actions={targets.map((target) => ({ key: target, ...actionOf(target, kind) }))}
      name={(label) => `${label} the order of ${order.name}`}
      busy={update.isPending}
      onAct={run}
    />
  );
}

const itemsOf = (order: VendorOrder) => order.lines.map((line) => `${line.itemName} ×${line.amount}`).join(', ');

const KIND_LABEL: Record<DeliveryKind, string> = { delivery: 'Delivery' };

/**
 * How and where the vendor delivers the order: the kind, the phone and address the shopper gave at checkout, the
 * name when it is not the order's own, and the shopper's note for the shop.
 */
function DeliverTo({ order }: { order: VendorOrder }) {
  const { kind, name, phone, address } = order.deliverTo;
  return (
    <>
      <span className="badge badge-ghost badge-sm">{KIND_LABEL[kind]}</span>
      <address className="not-italic">
        {name === order.name ? null : <div>{name}</div>}
        <a className="link whitespace-nowrap" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {phone}
        </a>
        <div>{address}</div>
      </address>
      {order.note ? (
        <p className="mt-1 break-words">
          <span className="font-semibold">Note:</span> {order.note}
        </p>
      ) : null}
    </>
  );
}

/** The same order as a card, for narrow screens where the columns do not fit. */
function OrderCard({ order }: { order: VendorOrder }) {
  return (
    <RowCard
      aria-label={`Order of ${order.name}`}
      heading={
        <div>
          <h2 className="font-bold">{order.name}</h2>
          <p className="text-sm break-all">{order.email}</p>
        </div>
      }
      status={<FulfilmentBadge status={order.status} kind={kindOf(order)} />}
      actions={<OrderActions order={order} />}
    >
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="font-semibold">Total Price</dt>
          <dd>{formatDollars(order.totalPrice)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Number of Items</dt>
          <dd>{order.numberOfItems}</dd>
        </div>
        <div className="col-span-2">
          <dt className="font-semibold">Items</dt>
          <dd>{itemsOf(order)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="font-semibold">Deliver to</dt>
          <dd>
            <DeliverTo order={order} />
          </dd>
        </div>
      </dl>
    </RowCard>
  );
}

export function VendorOrdersPage() {
  const [page, setPage] = usePageParam();
  const orders = useVendorOrders(page);

  return (
    <div>
      <h1 className="text-3xl font-bold">Your Order List</h1>
      <Loaded query={orders} loading="Loading your orders">
        {(data) =>
          data.total === 0 ? (
            <p className="mt-6 rounded-box bg-base-200 p-6">
              No orders yet. They show here as soon as a customer buys.
            </p>
          ) : (
            <>
              <p className="mt-2">
                {data.total} {data.total === 1 ? 'order holds' : 'orders hold'} your products.
              </p>
              <RowCards rows={data.items} card={(order) => <OrderCard order={order} />} className="mt-4" />
              <DataTable
                label="Your orders"
                rows={data.items}
                pager={{ page: data, onPage: setPage, label: 'Order pages' }}
                className="mt-4 hidden rounded-box border border-base-300 md:block"
                columns={[
                  { header: '#', rowHeader: true, cell: (_, index) => rowNumber(data, index) },
                  {
                    header: 'Name',
                    cell: (order) => (
                      <>
                        <div className="whitespace-nowrap font-semibold">{order.name}</div>
                        <div className="text-xs">{new Date(order.createdAt).toLocaleDateString('en-US')}</div>
                      </>
                    ),
                  },
                  { header: 'Email', className: 'break-all', cell: (order) => order.email },
                  { header: 'Deliver to', className: 'text-sm', cell: (order) => <DeliverTo order={order} /> },
                  {
                    header: 'Total Price',
                    className: 'whitespace-nowrap font-semibold',
                    cell: (order) => formatDollars(order.totalPrice),
                  },
                  {
                    header: 'Number of Items',
                    cell: (order) => (
                      <>
                        <div>{order.numberOfItems}</div>
                        <div className="text-xs">{itemsOf(order)}</div>
                      </>
                    ),
                  },
                  { header: 'Status', cell: (order) => <FulfilmentBadge status={order.status} kind={kindOf(order)} /> },
                  { header: 'Action', cell: (order) => <OrderActions order={order} /> },
                ]}
              />
            </>
          )
        }
      </Loaded>
    </div>
  );
}
