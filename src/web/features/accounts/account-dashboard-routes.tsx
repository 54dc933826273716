import { guardedRoutes } from '../../auth/RequireRole.tsx';

const usersPage = () => import('./UsersListPage.tsx');

/** Admin user lists under /dashboard (guarded: admins only; anyone else goes to /login). */
export const accountDashboardRoutes = guardedRoutes(['admin'], () => import('./account-dashboard-queries.ts'), [
  { path: 'allCustomer', page: () => usersPage().then((m) => m.AllCustomersPage), first: 'allCustomer' },
  { path: 'allVendor', page: () => usersPage().then((m) => m.AllVendorsPage), first: 'allVendor' },
  { path: 'allAdmin', page: () => usersPage().then((m) => m.AllAdminsPage), first: 'allAdmin' },
]);
