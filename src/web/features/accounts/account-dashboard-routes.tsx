import type { RouteObject } from 'react-router';
import { guardedRoute } from '../../auth/RequireRole.tsx';

/** Admin user lists under /dashboard (guarded: admins only; anyone else goes to /login). */
export const accountDashboardRoutes: RouteObject[] = [
  guardedRoute('allCustomer', ['admin'], () => import('./UsersListPage.tsx').then((m) => m.AllCustomersPage)),
  guardedRoute('allVendor', ['admin'], () => import('./UsersListPage.tsx').then((m) => m.AllVendorsPage)),
  guardedRoute('allAdmin', ['admin'], () => import('./UsersListPage.tsx').then((m) => m.AllAdminsPage)),
];
