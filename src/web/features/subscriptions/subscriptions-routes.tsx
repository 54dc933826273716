import type { RouteObject } from 'react-router';
import { DASHBOARD_PAGES, PAGES } from '#contract/app-paths.ts';
import { type LoadAt, lazyQueries, loadFirst } from '../../api/query-client.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

const first = lazyQueries<LoadAt>()(() => import('./plan-queries.ts'));

/** A subscription plan's public page (rendered by the server, like a product's). */
export const subscriptionRoutes: RouteObject[] = [
  {
    path: PAGES.subscriptionPlan,
    loader: loadFirst(first('planPage')),
    lazy: () => import('./PlanPage.tsx').then((m) => ({ Component: m.PlanPage })),
  },
];

/** The vendor's Subscriptions page under /dashboard. */
export const subscriptionDashboardRoutes = guardedRoutes(['vendor'], () => import('./vendor-plans-queries.ts'), [
  {
    path: DASHBOARD_PAGES.vendorSubscriptions,
    page: () => import('./VendorPlansPage.tsx').then((m) => m.VendorPlansPage),
    first: 'vendorPlans',
  },
]);

/** The vendor's week of subscribers (its roster) under /dashboard. */
export const rosterDashboardRoutes = guardedRoutes(['vendor'], () => import('./roster-queries.ts'), [
  {
    path: DASHBOARD_PAGES.vendorRoster,
    page: () => import('./RosterPage.tsx').then((m) => m.RosterPage),
    first: 'vendorRoster',
  },
]);
