import { PackageCheck, Truck, XCircle } from 'lucide-react';
import { toast } from 'react-toastify';
import { type FulfilmentUpdate, NEXT_STATUSES, type VendorOrder } from '#contract/fulfilment.ts';
import { formatDollars } from '#contract/money.ts';
import { errorMessage } from '../../api/client.ts';
import { confirmAction } from '../../ui/confirm.ts';
import { DataTable, rowNumber } from '../../ui/DataTable.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { FulfilmentBadge } from './FulfilmentBadge.tsx';
import { useVendorOrders } from './get-vendor-orders.ts';
import { useUpdateVendorOrder } from './update-vendor-order.ts';

type Target = FulfilmentUpdate['status'];

const ACTIONS: Record<
  Target,
  { label: string; icon: typeof Truck; className: string; question: string; done: string }
> = {
  shipped: {
    label: 'Ship',
    icon: Truck,
    className: 'btn-primary',
    question: 'Mark this order as shipped?',
    done: 'Order marked as shipped',
  },
  delivered: {
    label: 'Deliver',
    icon: PackageCheck,
    className: 'btn-primary',
    question: 'Mark this order as delivered?',
    done: 'Order marked as delivered',
  },
  cancelled: {
    label: 'Cancel',
    icon: XCircle,
    className: 'btn-outline btn-error',
    question: 'Cancel your part of this order?',
    done: 'Order cancelled; the stock is back on your products',
  },
};

function OrderActions({ order }: { order: VendorOrder }) {
  const update = useUpdateVendorOrder();
  const targets = NEXT_STATUSES[order.status] as readonly Target[];
  if (targets.length === 0) return <span className="text-sm">No action needed</span>;

  const run = async (target: Target) => {
    const action = ACTIONS[target];
    const sure = await confirmAction({
      title: action.question,
      text: `${order.name} · ${formatDollars(order.totalPrice)}${target === 'cancelled' ? " · You won't be able to revert this!" : ''}`,
      confirmText: target === 'cancelled' ? 'Yes, cancel it!' : `Yes, ${action.label.toLowerCase()} it!`,
      cancelText: 'Back',
      danger: target === 'cancelled',
    });
    if (!sure) return;
    try {
      await update.mutateAsync({ orderId: order._id, status: target });
      toast.success(action.done);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {targets.map((target) => {
        const { label, icon: Icon, className } = ACTIONS[target];
        return (
          <button
            key={target}
            type="button"
            className={`btn btn-sm ${className}`}
            disabled={update.isPending}
            onClick={() => run(target)}
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

const itemsOf = (order: VendorOrder) => order.lines.map((line) => `${line.itemName} ×${line.amount}`).join(', ');

/** The same order as a card, for narrow screens where seven columns do not fit. */
function OrderCard({ order }: { order: VendorOrder }) {
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-4" aria-label={`Order of ${order.name}`}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="font-bold">{order.name}</h2>
          <p className="text-sm break-all">{order.email}</p>
        </div>
        <FulfilmentBadge status={order.status} />
      </div>
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
      </dl>
      <div className="mt-3">
        <OrderActions order={order} />
      </div>
    </article>
  );
}

export function VendorOrdersPage() {
  const [page, setPage] = usePageParam();
  const orders = useVendorOrders(page);

  return (
    <div>
      <h1 className="text-3xl font-bold">Your Order List</h1>
      {orders.isPending ? (
        <PageLoader label="Loading your orders" />
      ) : orders.isError ? (
        <LoadError error={orders.error} onRetry={() => orders.refetch()} />
      ) : orders.data.total === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">No orders yet. They show here as soon as a customer buys.</p>
      ) : (
        <>
          <p className="mt-2">
            {orders.data.total} {orders.data.total === 1 ? 'order holds' : 'orders hold'} your products.
          </p>
          <ul className="mt-4 space-y-3 md:hidden">
            {orders.data.items.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <DataTable
            label="Your orders"
            rows={orders.data.items}
            pager={{ page: orders.data, onPage: setPage, label: 'Order pages' }}
            className="mt-4 hidden rounded-box border border-base-300 md:block"
            columns={[
              { header: '#', rowHeader: true, cell: (_, index) => rowNumber(orders.data, index) },
              {
                header: 'Name',
                cell: (order) => (
                  <>
                    <div className="whitespace-nowrap font-semibold">{order.name}</div>
                    <div className="text-xs">{new Date(order.createdAt).toLocaleDateString('en-US')}</div>
                  </>
                ),
              },
              { header: 'Email', className: 'whitespace-nowrap', cell: (order) => order.email },
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
              { header: 'Status', cell: (order) => <FulfilmentBadge status={order.status} /> },
              { header: 'Action', cell: (order) => <OrderActions order={order} /> },
            ]}
          />
        </>
      )}
    </div>
  );
}
