import { DollarSign, ShoppingBag } from 'lucide-react';
import type { CSSProperties } from 'react';
import { formatDollars } from '#contract/money.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { StatCard } from '../../ui/StatCard.tsx';
import { useCustomerStats } from './get-customer-stats.ts';

/** Customer home: welcome, items and money spent, and the share of orders delivered. */
export function UserHomePage() {
  const { user } = useAuth();
  const stats = useCustomerStats();
  return (
    <div>
      <h1 className="text-3xl font-bold">Welcome{user?.displayName ? `, ${user.displayName}` : ' back'}!</h1>
      {stats.isPending ? (
        <PageLoader label="Loading your figures" />
      ) : stats.isError ? (
        <LoadError error={stats.error} onRetry={() => stats.refetch()} />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1fr_auto]">
          <StatCard icon={ShoppingBag} label="Total shopping items" value={String(stats.data.totalItems)} />
          <StatCard icon={DollarSign} label="Total shopping money" value={formatDollars(stats.data.totalMoney)} />
          <section
            aria-labelledby="shopping-done"
            className="flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
          >
            <div
              className="radial-progress text-primary"
              style={{ '--value': stats.data.shoppingDone, '--size': '5rem' } as CSSProperties}
              role="progressbar"
              aria-valuenow={stats.data.shoppingDone}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-labelledby="shopping-done"
            >
              <span className="font-bold text-base-content">{stats.data.shoppingDone}%</span>
            </div>
            <div>
              <h2 id="shopping-done" className="text-sm font-semibold">
                Shopping done
              </h2>
              <p className="text-sm">
                {stats.data.deliveredOrders} of {stats.data.orders} orders delivered
              </p>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
