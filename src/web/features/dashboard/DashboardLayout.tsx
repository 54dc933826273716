import {
  BadgeDollarSign,
  Bell,
  CalendarCheck,
  ChartColumn,
  Crown,
  FileSpreadsheet,
  Flag,
  Heart,
  History,
  House,
  Inbox,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  PackagePlus,
  PanelLeftOpen,
  Percent,
  Receipt,
  ReceiptText,
  Repeat,
  Ruler,
  ShieldCheck,
  ShoppingCart,
  Store,
  Ticket,
  Truck,
  UserRound,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import type { Role } from '#contract/roles.ts';
import { useAuth, useRole } from '../../auth/AuthProvider.tsx';
import { RequireRole } from '../../auth/RequireRole.tsx';
import { useCartCount } from '../../layout/cart-count.ts';
import { Avatar } from '../../layout/UserMenu.tsx';
import { paths } from '../../paths.ts';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { ShopReviewBanner } from './ShopReviewBanner.tsx';

type MenuItem = { role: Role; to: string; label: string; icon: LucideIcon };

const MENU_TITLES: Record<Role, string> = { admin: 'Admin', vendor: 'Vendor', customer: 'My account' };

const d = paths.dashboard;

/** The side menu's pages, each shown to one role. */
const MENU: MenuItem[] = [
  { role: 'admin', to: d.adminHome, label: 'Admin Home', icon: LayoutDashboard },
  { role: 'admin', to: d.adminOrders, label: 'Orders', icon: ReceiptText },
  { role: 'admin', to: d.allCustomer, label: 'Customers', icon: Users },
  { role: 'admin', to: d.allVendor, label: 'Vendors', icon: Store },
  { role: 'admin', to: d.shopCatalogue, label: 'Shop catalogues', icon: FileSpreadsheet },
  { role: 'admin', to: d.allAdmin, label: 'Admins', icon: ShieldCheck },
  { role: 'admin', to: d.coupons, label: 'Coupons', icon: Ticket },
  { role: 'admin', to: d.commission, label: 'Commission', icon: Percent },
  { role: 'admin', to: d.memberships, label: 'Memberships', icon: Crown },
  { role: 'admin', to: d.shopPayouts, label: 'Payouts', icon: Landmark },
  { role: 'admin', to: d.tax, label: 'Tax', icon: Receipt },
  { role: 'admin', to: d.marketplace, label: 'Marketplace', icon: Ruler },
  { role: 'admin', to: d.reportedReviews, label: 'Reported reviews', icon: Flag },
  { role: 'admin', to: d.outbox, label: 'Outbox', icon: Inbox },
  { role: 'admin', to: d.notifications, label: 'Notifications', icon: Bell },
  { role: 'admin', to: d.profile, label: 'Profile', icon: UserRound },
  { role: 'vendor', to: d.notifications, label: 'Notifications', icon: Bell },
  { role: 'vendor', to: d.vendorHome, label: 'Vendor Home', icon: LayoutDashboard },
  { role: 'vendor', to: d.shopProfile, label: 'Shop profile', icon: Store },
  { role: 'vendor', to: d.addProduct, label: 'Add Product', icon: PackagePlus },
  { role: 'vendor', to: d.vendorProduct, label: 'My Products', icon: Store },
  { role: 'vendor', to: d.catalogueImport, label: 'Import & export', icon: FileSpreadsheet },
  { role: 'vendor', to: d.vendorOrder, label: 'Orders', icon: ReceiptText },
  { role: 'vendor', to: d.vendorSubscriptions, label: 'Subscriptions', icon: Repeat },
  { role: 'vendor', to: d.vendorRoster, label: 'Subscribers this week', icon: CalendarCheck },
  { role: 'vendor', to: d.vendorRevenue, label: 'Sale Stat', icon: ChartColumn },
  { role: 'vendor', to: d.fulfilment, label: 'Pickup & delivery', icon: Truck },
  { role: 'vendor', to: d.payouts, label: 'Payouts', icon: Landmark },
  { role: 'vendor', to: d.payment, label: 'Premium membership', icon: Crown },
  { role: 'vendor', to: d.profile, label: 'Profile', icon: UserRound },
  { role: 'customer', to: d.userHome, label: 'User Home', icon: LayoutDashboard },
  { role: 'customer', to: d.userCart, label: 'My Cart', icon: ShoppingCart },
  { role: 'customer', to: d.userPaymentHistory, label: 'Payment History', icon: History },
  { role: 'customer', to: d.favourites, label: 'Favourites & buy again', icon: Heart },
  { role: 'customer', to: d.subscriptions, label: 'Subscriptions', icon: Repeat },
  { role: 'customer', to: d.notifications, label: 'Notifications', icon: Bell },
  { role: 'customer', to: d.profile, label: 'Profile', icon: UserRound },
];

/** The signed-in role's menu (anyone but an admin or a vendor sees the customer's); the cart's entry counts its lines. */
function useMenu(): { title: string; items: MenuItem[] } {
  const { isAdmin, isVendor } = useRole();
  const cartCount = useCartCount();
  const role: Role = isAdmin ? 'admin' : isVendor ? 'vendor' : 'customer';
  return {
    title: MENU_TITLES[role],
    items: MENU.filter((item) => item.role === role).map((item) =>
      item.to === d.userCart ? { ...item, label: `${item.label} (${cartCount})` } : item,
    ),
  };
}

/** Each dashboard page's title in the browser's tab, by its first path segment after /dashboard/. */
const PAGE_TITLES: Record<string, string> = {
  adminHome: 'Admin home',
  adminOrders: 'Orders',
  allCustomer: 'Customers',
  allVendor: 'Vendors',
  allAdmin: 'Admins',
  coupons: 'Coupons',
  commission: 'Commission',
  memberships: 'Memberships',
  shopPayouts: 'Payouts',
  tax: 'Tax',
  marketplace: 'Marketplace',
  reportedReviews: 'Reported reviews',
  vendorHome: 'Vendor home',
  addProduct: 'Add a product',
  vendorProduct: 'Your products',
  vendorOrder: 'Your orders',
  vendorSubscriptions: 'Subscriptions',
  vendorRoster: 'Subscribers this week',
  vendorRevenue: 'Sales',
  catalogueImport: 'Import & export',
  shopCatalogue: 'Shop catalogues',
  fulfilment: 'Pickup & delivery',
  shopProfile: 'Shop profile',
  payouts: 'Payouts',
  payment: 'Premium membership',
  userHome: 'Your account',
  userCart: 'Your cart',
  userPayment: 'Payment',
  userPaymentHistory: 'Payment history',
  invoice: 'Invoice',
  review: 'Your review',
  notifications: 'Notifications',
  outbox: 'Outbox',
  favourites: 'Favourites',
  subscriptions: 'Your subscriptions',
  profile: 'Profile',
};

const itemClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : 'font-semibold');

function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  const { title, items } = useMenu();
  return (
    <nav aria-label="Dashboard" className="min-h-full w-72 bg-base-200 p-4">
      <div className="mb-4 flex items-center gap-3 rounded-box bg-base-100 p-3">
        <Avatar photoURL={user?.photoURL ?? null} />
        <div className="min-w-0">
          <p className="truncate font-bold">{user?.displayName || 'Account'}</p>
          <p className="text-sm text-base-content/80">{title}</p>
        </div>
      </div>
      <ul className="menu w-full gap-1 p-0">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={itemClass} onClick={onNavigate}>
              <Icon size={18} aria-hidden="true" /> {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="divider" />
      <ul className="menu w-full p-0">
        <li>
          <NavLink to={paths.home} end className="font-semibold" onClick={onNavigate}>
            <House size={18} aria-hidden="true" /> Home
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.shopList} className="font-semibold" onClick={onNavigate}>
            <BadgeDollarSign size={18} aria-hidden="true" /> Shop
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** The dashboard shell: each role's side menu (a drawer on phones) beside the routed page. Signed in only. */
export function DashboardLayout() {
  // On phones the menu is a drawer, closed again once a page is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const page = useLocation().pathname.split('/')[2] ?? '';
  return (
    <RequireRole>
      <PageMeta title={PAGE_TITLES[page] ?? 'Dashboard'} />
      <div className="drawer mx-auto max-w-7xl lg:drawer-open">
        <input
          id="dashboard-drawer"
          type="checkbox"
          className="drawer-toggle"
          aria-label="Show the dashboard menu"
          checked={menuOpen}
          onChange={(event) => setMenuOpen(event.target.checked)}
        />
        <div className="drawer-content min-w-0 px-4 py-6 lg:px-8">
          <label htmlFor="dashboard-drawer" className="btn btn-outline btn-sm mb-4 lg:hidden">
            <PanelLeftOpen size={18} aria-hidden="true" /> Dashboard menu
          </label>
          <ShopReviewBanner />
          <Outlet />
        </div>
        <div className="drawer-side z-40 lg:z-auto">
          <button type="button" className="drawer-overlay" aria-label="Close the dashboard menu" onClick={closeMenu} />
          <SideMenu onNavigate={closeMenu} />
        </div>
      </div>
    </RequireRole>
  );
}
