import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../api/client.ts';
import blankAvatar from '../assets/blank-avatar.svg';
import { useAuth, useRole } from '../auth/AuthProvider.tsx';
import { paths } from '../paths.ts';
import { toast } from '../ui/toast.ts';

export const closeDropdown = () => (document.activeElement as HTMLElement | null)?.blur();

/** Where each role's Dashboard link goes. */
export function useDashboardHome(): string {
  const { isAdmin, isVendor } = useRole();
  if (isAdmin) return paths.dashboard.adminHome;
  if (isVendor) return paths.dashboard.vendorHome;
  return paths.dashboard.userHome;
}

export function Avatar({ photoURL, size = 40 }: { photoURL: string | null; size?: number }) {
  return (
    <img
      src={photoURL || blankAvatar}
      alt=""
      width={size}
      height={size}
      className="rounded-full object-cover"
      style={{ width: size, height: size }}
      onError={(event) => {
        event.currentTarget.src = blankAvatar;
      }}
    />
  );
}

/** The signed-in avatar menu: display name (or 'Account'), Dashboard, Logout. */
export function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const dashboard = useDashboardHome();
  if (!user) return null;
  const name = user.displayName || 'Account';

  const logout = () => {
    signOut()
      .then(() => {
        toast.success('You are signed out', { autoClose: 1500 });
        navigate(paths.home);
      })
      .catch((error: unknown) => toast.error(`Logout failed: ${errorMessage(error)}`));
  };

  return (
    <div className="dropdown dropdown-end">
      <button
        type="button"
        tabIndex={0}
        className="btn btn-ghost btn-circle avatar"
        aria-label={`Account menu of ${name}`}
      >
        <Avatar photoURL={user.photoURL} />
      </button>
      {/* A daisyUI dropdown stays open while focus is inside it: drop the focus once an item is chosen. */}
      <ul
        className="menu dropdown-content z-40 mt-3 w-56 rounded-box bg-base-100 p-2 shadow"
        onClick={closeDropdown}
        onKeyDown={(event) => event.key === 'Escape' && closeDropdown()}
      >
        <li className="menu-title text-base-content">
          <span className="block truncate">{name}</span>
        </li>
        <li>
          <Link to={dashboard}>
            <LayoutDashboard size={18} aria-hidden="true" /> Dashboard
          </Link>
        </li>
        <li>
          <button type="button" onClick={logout}>
            <LogOut size={18} aria-hidden="true" /> Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
