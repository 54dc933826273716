import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../../auth/RequireRole.tsx';

const adminOnly = (Page: ComponentType) =>
  function AdminPage() {
    return (
      <RequireRole roles={['admin']}>
        <Page />
      </RequireRole>
    );
  };

/** Admin user lists under /dashboard (guarded: admins only; anyone else goes to /login). */
export const accountDashboardRoutes: RouteObject[] = [
  {
    path: 'allCustomer',
    lazy: () => import('./UsersListPage.tsx').then((m) => ({ Component: adminOnly(m.AllCustomersPage) })),
  },
  {
    path: 'allVendor',
    lazy: () => import('./UsersListPage.tsx').then((m) => ({ Component: adminOnly(m.AllVendorsPage) })),
  },
  {
    path: 'allAdmin',
    lazy: () => import('./UsersListPage.tsx').then((m) => ({ Component: adminOnly(m.AllAdminsPage) })),
  },
];
