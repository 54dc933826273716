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
  const figures = [
    [Users, 'Total Customers', String(s.totalCustomers), 'Customer accounts not deleted'],
    [ShoppingBag, 'Total Orders', String(s.totalOrders), 'Every order placed, cancelled ones too'],
    [
      DollarSign,
      'Total Revenue from Customers',
      formatDollars(s.totalCustomerPayments),
      'Card payments for orders, net of refunds and cancelled lines; the shops’ share included',
    ],
    [Store, 'Total Vendors', String(s.totalVendors), 'Vendor accounts not deleted'],
    [
      Wallet,
      'Total Revenue from Vendors',
      formatDollars(s.totalVendorPayments),
      'Premium memberships vendors paid for',
    ],
    [MessageSquare, 'Total Comments', String(s.totalComments), 'Reviews not removed by moderation'],
  ] as const;
  return (
    <section aria-label="Business figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {figures.map(([icon, label, value, note]) => (
        <StatCard key={label} icon={icon} label={label} value={value} note={note} />
      ))}
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
