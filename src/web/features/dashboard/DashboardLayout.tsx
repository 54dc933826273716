import {
  BadgeDollarSign,
  ChartColumn,
  Crown,
  Flag,
  History,
  House,
  LayoutDashboard,
  type LucideIcon,
  PackagePlus,
  PanelLeftOpen,
  ReceiptText,
  ShieldCheck,
  ShoppingCart,
  Store,
  Ticket,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useAuth, useRole } from '../../auth/AuthProvider.tsx';
import { RequireRole } from '../../auth/RequireRole.tsx';
import { useCartCount } from '../../layout/cart-count.ts';
import { Avatar } from '../../layout/UserMenu.tsx';
import { paths } from '../../paths.ts';

type MenuItem = { to: string; label: string; icon: LucideIcon };

function useMenu(): { title: string; items: MenuItem[] } {
  const { isAdmin, isVendor } = useRole();
  const cartCount = useCartCount();
  const d = paths.dashboard;
  if (isAdmin) {
    return {
      title: 'Admin',
      items: [
        { to: d.adminHome, label: 'Admin Home', icon: LayoutDashboard },
        { to: d.allCustomer, label: 'Customers', icon: Users },
        { to: d.allVendor, label: 'Vendors', icon: Store },
        { to: d.allAdmin, label: 'Admins', icon: ShieldCheck },
        { to: d.coupons, label: 'Coupons', icon: Ticket },
        { to: d.reportedReviews, label: 'Reported reviews', icon: Flag },
      ],
    };
  }
  if (isVendor) {
    return {
      title: 'Vendor',
      items: [
        { to: d.vendorHome, label: 'Vendor Home', icon: LayoutDashboard },
        { to: d.addProduct, label: 'Add Product', icon: PackagePlus },
        { to: d.vendorProduct, label: 'My Products', icon: Store },
        { to: d.vendorOrder, label: 'Orders', icon: ReceiptText },
        { to: d.vendorRevenue, label: 'Sale Stat', icon: ChartColumn },
        { to: d.payment, label: 'Premium membership', icon: Crown },
      ],
    };
  }
  return {
    title: 'My account',
    items: [
      { to: d.userHome, label: 'User Home', icon: LayoutDashboard },
      { to: d.userCart, label: `My Cart (${cartCount})`, icon: ShoppingCart },
      { to: d.userPaymentHistory, label: 'Payment History', icon: History },
    ],
  };
}

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
  return (
    <RequireRole>
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
