import { queryOptions } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { Role } from '#contract/roles.ts';
import { pageQuery } from '../../api/query-client.ts';
import { guardedRoute } from '../../auth/RequireRole.tsx';
import { getUsers, usersKey } from './get-users.ts';

/** A list's first page (its page number is kept in the page, not the address), with useUsers' key. */
const firstUsers = (roll: Role) => [
  pageQuery(queryOptions({ queryKey: usersKey(roll, 1), queryFn: () => getUsers(roll, 1) })),
];

/** Admin user lists under /dashboard (guarded: admins only; anyone else goes to /login). */
export const accountDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'allCustomer',
    ['admin'],
    () => import('./UsersListPage.tsx').then((m) => m.AllCustomersPage),
    () => firstUsers('customer'),
  ),
  guardedRoute(
    'allVendor',
    ['admin'],
    () => import('./UsersListPage.tsx').then((m) => m.AllVendorsPage),
    () => firstUsers('vendor'),
  ),
  guardedRoute(
    'allAdmin',
    ['admin'],
    () => import('./UsersListPage.tsx').then((m) => m.AllAdminsPage),
    () => firstUsers('admin'),
  ),
];
