import type { RouteObject } from 'react-router';
import { guardedQueries, guardedRoute } from '../../auth/RequireRole.tsx';

const first = guardedQueries(() => import('./admin-dashboard-queries.ts'));

/** Admin home (figures, charts, messages, coupons) and review moderation under /dashboard. */
export const adminDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'adminHome',
    ['admin'],
    () => import('./AdminHomePage.tsx').then((m) => m.AdminHomePage),
    first('adminHome'),
  ),
  guardedRoute(
    'reportedReviews',
    ['admin'],
    () => import('./ReportedReviewsPage.tsx').then((m) => m.ReportedReviewsPage),
    first('reportedReviews'),
  ),
];
