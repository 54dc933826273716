import { BadgeCheck, Crown, DollarSign, Medal, Package, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { formatDollars } from '#contract/money.ts';
import type { VendorStats } from '#contract/stats.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { StatCard } from '../../ui/StatCard.tsx';
import { useFulfilment } from './get-fulfilment.ts';
import { usePayoutAccount } from './get-payout-account.ts';
import { useVendorStats } from './get-vendor-stats.ts';
import { SetupChecklist } from './SetupChecklist.tsx';

function ShopFacts({ stats }: { stats: VendorStats }) {
  const facts: [string, string][] = [
    ['Shop owner', stats.shopOwner],
    ['Shop', stats.shop],
    ['Email', stats.email],
    // The API's field is `roll` (the spec's); people read their role.
    ['Role', stats.roll.charAt(0).toUpperCase() + stats.roll.slice(1)],
    ['Shop address', stats.shopAddress ?? 'Not given'],
    ['Shop phone', stats.shopPhone ?? 'Not given'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-semibold">{label}</dt>
          <dd className="text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Membership({ stats }: { stats: VendorStats }) {
  const premium = stats.membership === 'premium';
  return (
    <section
      aria-labelledby="membership-title"
      className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <h2 id="membership-title" className="text-xl font-bold">
        Membership
      </h2>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-lg">
        {premium ? <Crown aria-hidden="true" className="text-secondary-content" /> : <BadgeCheck aria-hidden="true" />}
        <span className="font-semibold capitalize">{stats.membership}</span>
        {stats.badge ? (
          <span className="badge gap-1 border-amber-500 bg-amber-100 text-amber-900">
            <Medal aria-hidden="true" className="size-4" />
            <span className="capitalize">{stats.badge}</span> badge
          </span>
        ) : null}
      </p>
      {premium ? (
        <p className="mt-2">You can list as many products as you like.</p>
      ) : (
        <p className="mt-2">
          Normal members list up to 5 products.{' '}
          <Link to={paths.dashboard.payment} className="link link-primary font-semibold">
            Become a premium member
          </Link>
        </p>
      )}
    </section>
  );
}

export function VendorHomePage() {
  const { user } = useAuth();
  const stats = useVendorStats();
  // The checklist's facts, asked beside the figures (the route's loader starts all three).
  const fulfilment = useFulfilment(user?.id ?? '').data;
  const payouts = usePayoutAccount().data;
  if (stats.isPending) return <PageLoader label="Loading your shop" />;
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => stats.refetch()} />;
  const s = stats.data;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Welcome back, {s.shopOwner}</h1>
      <SetupChecklist stats={s} fulfilment={fulfilment} payouts={payouts} />
      <section aria-label="Your figures" className="grid gap-4 sm:grid-cols-3">
        <StatCard icon={Package} label="Total Products" value={String(s.totalProducts)} />
        <StatCard icon={ShoppingBag} label="Total Orders" value={String(s.totalOrders)} />
        <StatCard icon={DollarSign} label="Total Revenue" value={formatDollars(s.totalRevenue)} />
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="shop-title"
          className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm lg:col-span-2"
        >
          <div className="mb-5 flex items-center gap-4">
            {s.shopImage ? (
              <img
                src={s.shopImage}
                alt={`${s.shop} shop`}
                width="80"
                height="80"
                className="size-20 rounded-box object-cover"
              />
            ) : null}
            <div>
              <h2 id="shop-title" className="text-xl font-bold">
                {s.shop}
              </h2>
              {s.shopEstablished ? <p>Since {s.shopEstablished.slice(0, 4)}</p> : null}
            </div>
          </div>
          <ShopFacts stats={s} />
        </section>
        <Membership stats={s} />
      </div>
    </div>
  );
}
