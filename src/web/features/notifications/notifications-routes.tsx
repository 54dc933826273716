import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** The signed-in user's notifications and e-mail choices, and the admin's outbox, under /dashboard. */
export const notificationsDashboardRoutes = guardedRoutes(
  ['customer', 'vendor', 'admin'],
  () => import('./notifications-queries.ts'),
  [
    {
      path: DASHBOARD_PAGES.notifications,
      page: () => import('./NotificationsPage.tsx').then((m) => m.NotificationsPage),
      first: 'notifications',
    },
    {
      path: DASHBOARD_PAGES.outbox,
      page: () => import('./OutboxPage.tsx').then((m) => m.OutboxPage),
      first: 'outbox',
      roles: ['admin'],
    },
  ],
);
