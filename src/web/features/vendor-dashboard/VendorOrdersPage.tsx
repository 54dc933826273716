import { PackageCheck, Truck, XCircle } from 'lucide-react';
import { toast } from 'react-toastify';
import Swal from 'sweetalert2';
import { type FulfilmentUpdate, NEXT_STATUSES, type VendorOrder } from '#contract/fulfilment.ts';
import { errorMessage } from '../../api/client.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { showDollars } from '../../ui/show-dollars.ts';
import { TablePager, usePageParam } from '../../ui/TablePager.tsx';
import { FulfilmentBadge } from './FulfilmentBadge.tsx';
import { useVendorOrders, VENDOR_ORDERS_PAGE_SIZE } from './get-vendor-orders.ts';
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
    const answer = await Swal.fire({
      title: action.question,
      text: `${order.name} · ${showDollars(order.totalPrice)}${target === 'cancelled' ? " · You won't be able to revert this!" : ''}`,
      icon: target === 'cancelled' ? 'warning' : 'question',
      showCancelButton: true,
      confirmButtonText: target === 'cancelled' ? 'Yes, cancel it!' : `Yes, ${action.label.toLowerCase()} it!`,
      cancelButtonText: 'Back',
      confirmButtonColor: target === 'cancelled' ? '#b91c1c' : '#1f7a52',
    });
    if (!answer.isConfirmed) return;
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
            className={`btn btn-xs ${className}`}
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
          <div className="mt-4 overflow-x-auto rounded-box border border-base-300">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Total Price</th>
                  <th scope="col">Number of Items</th>
                  <th scope="col">Status</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((order, index) => (
                  <tr key={order._id}>
                    <th scope="row">{(page - 1) * VENDOR_ORDERS_PAGE_SIZE + index + 1}</th>
                    <td>
                      <div className="font-semibold">{order.name}</div>
                      <div className="text-xs">{new Date(order.createdAt).toLocaleDateString('en-US')}</div>
                    </td>
                    <td className="break-all">{order.email}</td>
                    <td className="font-semibold">{showDollars(order.totalPrice)}</td>
                    <td>
                      <div>{order.numberOfItems}</div>
                      <div className="text-xs">
                        {order.lines.map((line) => `${line.itemName} ×${line.amount}`).join(', ')}
                      </div>
                    </td>
                    <td>
                      <FulfilmentBadge status={order.status} />
                    </td>
                    <td>
                      <OrderActions order={order} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TablePager page={page} pages={orders.data.pages} onPage={setPage} label="Order pages" />
        </>
      )}
    </div>
  );
}
