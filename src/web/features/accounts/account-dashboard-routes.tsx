import type { RouteObject } from 'react-router';
import { guardedQueries, guardedRoute } from '../../auth/RequireRole.tsx';

const first = guardedQueries(() => import('./account-dashboard-queries.ts'));

/** Admin user lists under /dashboard (guarded: admins only; anyone else goes to /login). */
export const accountDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'allCustomer',
    ['admin'],
    () => import('./UsersListPage.tsx').then((m) => m.AllCustomersPage),
    first('allCustomer'),
  ),
  guardedRoute(
    'allVendor',
    ['admin'],
    () => import('./UsersListPage.tsx').then((m) => m.AllVendorsPage),
    first('allVendor'),
  ),
  guardedRoute(
    'allAdmin',
    ['admin'],
    () => import('./UsersListPage.tsx').then((m) => m.AllAdminsPage),
    first('allAdmin'),
  ),
];
