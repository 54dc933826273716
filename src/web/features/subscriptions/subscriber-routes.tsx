import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** The shopper's own subscriptions under /dashboard. */
export const subscriberDashboardRoutes = guardedRoutes(['customer'], () => import('./subscriber-page-queries.ts'), [
  {
    path: DASHBOARD_PAGES.subscriptions,
    page: () => import('./MySubscriptionsPage.tsx').then((m) => m.MySubscriptionsPage),
    first: 'mySubscriptions',
  },
]);
