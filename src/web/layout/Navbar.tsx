import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth, useRole } from '../auth/AuthProvider.tsx';
import { paths } from '../paths.ts';
import { CartLink } from './CartLink.tsx';
import { CategoryDropdown, PhoneCategoryLinks } from './CategoryMenu.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { SearchBox } from './SearchBox.tsx';
import { closeDropdown, UserMenu } from './UserMenu.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-semibold hover:text-primary ${isActive ? 'text-primary' : ''}`;

/** Customers are the signed-in users who are neither vendor nor admin (known once the role flags load). */
function useIsCustomer(): boolean {
  const { user, loading } = useAuth();
  const { isAdmin, isVendor, isLoading } = useRole();
  return Boolean(user) && !loading && !isLoading && !isAdmin && !isVendor;
}

/** The main links; `categories` (the wide menu's dropdown) follows Shop. */
function NavLinks({ categories }: { categories?: ReactNode }) {
  const isCustomer = useIsCustomer();
  return (
    <>
      <li>
        <NavLink to={paths.home} end className={linkClass}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.shopList} className={linkClass}>
          Shop
        </NavLink>
      </li>
      {categories}
      {isCustomer ? (
        <li>
          <NavLink to={paths.member} className={linkClass}>
            Become a vendor
          </NavLink>
        </li>
      ) : null}
      <li>
        <NavLink to={paths.contact} className={linkClass}>
          Contact
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.about} className={linkClass}>
          About
        </NavLink>
      </li>
    </>
  );
}

export function Navbar() {
  const { user, loading } = useAuth();
  const isCustomer = useIsCustomer();
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl gap-2 px-4 max-[399px]:px-2" aria-label="Main">
        <div className="navbar-start w-auto gap-1">
          <div className="dropdown lg:hidden">
            <button type="button" tabIndex={0} className="btn btn-ghost btn-square" aria-label="Open menu">
              <Menu aria-hidden="true" />
            </button>
            <ul
              className="menu dropdown-content z-40 mt-3 max-h-[calc(100dvh-5rem)] w-80 [--menu-active-bg:var(--color-base-200)] [--menu-active-fg:var(--color-primary)] max-w-[calc(100vw-2rem)] flex-nowrap overflow-y-auto rounded-box bg-base-100 p-2 shadow"
              onClick={(event) => (event.target as Element).closest('search') || closeDropdown()}
              onKeyDown={(event) => event.key === 'Escape' && closeDropdown()}
            >
              {/* Phones' search box (the bar has its own from md up): a click in it keeps the menu open. */}
              <li className="mb-2 md:hidden">
                <SearchBox className="flex p-0 hover:bg-transparent" onNavigate={closeDropdown} />
              </li>
              {/* On a phone the bar has room only for "Join Now": signing in is here too, named as such. */}
              {!loading && !user ? (
                <li>
                  <Link to={paths.login}>Sign in</Link>
                </li>
              ) : null}
              <NavLinks />
              <PhoneCategoryLinks />
            </ul>
          </div>
          <Link to={paths.home} className="flex items-center gap-2 text-2xl font-bold text-primary max-[359px]:text-xl">
            <img src="/favicon.svg" alt="" width="32" height="32" />
            Farmstall
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="flex items-center gap-1">
            <NavLinks categories={<CategoryDropdown />} />
          </ul>
        </div>
        <div className="navbar-end ml-auto w-auto flex-1 justify-end gap-2 max-[399px]:gap-0">
          <SearchBox className="hidden max-w-xs md:flex" />
          {isCustomer ? <CartLink /> : null}
          {user ? <NotificationBell /> : null}
          {loading ? (
            <span
              className="loading loading-spinner loading-sm text-primary"
              role="status"
              aria-label="Checking your account"
            />
          ) : user ? (
            <UserMenu />
          ) : (
            <Link to={paths.login} className="btn btn-primary max-[359px]:btn-sm">
              Join Now
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
