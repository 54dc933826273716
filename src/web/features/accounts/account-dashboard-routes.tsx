import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

const usersPage = () => import('./UsersListPage.tsx');

/** Admin user lists under /dashboard (guarded: admins only; anyone else goes to /login). */
export const accountDashboardRoutes = guardedRoutes(['admin'], () => import('./account-dashboard-queries.ts'), [
  { path: DASHBOARD_PAGES.allCustomer, page: () => usersPage().then((m) => m.AllCustomersPage), first: 'allCustomer' },
  { path: DASHBOARD_PAGES.allVendor, page: () => usersPage().then((m) => m.AllVendorsPage), first: 'allVendor' },
  { path: DASHBOARD_PAGES.allAdmin, page: () => usersPage().then((m) => m.AllAdminsPage), first: 'allAdmin' },
]);

/** The signed-in person's own profile (any role). */
export const profileDashboardRoutes = guardedRoutes(
  ['customer', 'vendor', 'admin'],
  () => import('./account-dashboard-queries.ts'),
  [{ path: DASHBOARD_PAGES.profile, page: () => import('./ProfilePage.tsx').then((m) => m.ProfilePage) }],
);
