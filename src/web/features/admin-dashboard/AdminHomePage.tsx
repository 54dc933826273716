import { DollarSign, MessageSquare, ShoppingBag, Store, Users, Wallet } from 'lucide-react';
import { formatDollars } from '#contract/money.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { StatCard } from '../../ui/StatCard.tsx';
import { AdminCharts } from './AdminCharts.tsx';
import { AdminEarnings } from './AdminEarnings.tsx';
import { ContactMessages } from './ContactMessages.tsx';
import { CouponList } from './CouponList.tsx';
import { useAdminStats } from './get-admin-stats.ts';

function Figures() {
  const stats = useAdminStats();
  if (stats.isPending) return <PageLoader label="Loading the figures" />;
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => stats.refetch()} />;
  const s = stats.data;
  return (
    <section aria-label="Business figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard
        icon={Users}
        label="Total Customers"
        value={String(s.totalCustomers)}
        note="Customer accounts not deleted"
      />
      <StatCard
        icon={ShoppingBag}
        label="Total Orders"
        value={String(s.totalOrders)}
        note="Every order placed, cancelled ones too"
      />
      <StatCard
        icon={DollarSign}
        label="Total Revenue from Customers"
        value={formatDollars(s.totalCustomerPayments)}
        note="Card payments for orders, net of refunds and cancelled lines; the shops’ share included"
      />
      <StatCard icon={Store} label="Total Vendors" value={String(s.totalVendors)} note="Vendor accounts not deleted" />
      <StatCard
        icon={Wallet}
        label="Total Revenue from Vendors"
        value={formatDollars(s.totalVendorPayments)}
        note="Premium memberships vendors paid for"
      />
      <StatCard
        icon={MessageSquare}
        label="Total Comments"
        value={String(s.totalComments)}
        note="Reviews not removed by moderation"
      />
    </section>
  );
}

export function AdminHomePage() {
  return (
    <div className="space-y-10">
      <h1 className="text-3xl font-bold">Admin Home</h1>
      <Figures />
      <AdminEarnings />
      <AdminCharts />
      <div className="grid gap-10 xl:grid-cols-2 [&>*]:min-w-0">
        <ContactMessages />
        <CouponList />
      </div>
    </div>
  );
}
