import type { RouteObject } from 'react-router';
import { guardedRoute } from '../../auth/RequireRole.tsx';

/** Admin home (figures, charts, messages, coupons) and review moderation under /dashboard. */
export const adminDashboardRoutes: RouteObject[] = [
  guardedRoute('adminHome', ['admin'], () => import('./AdminHomePage.tsx').then((m) => m.AdminHomePage)),
  guardedRoute('reportedReviews', ['admin'], () =>
    import('./ReportedReviewsPage.tsx').then((m) => m.ReportedReviewsPage),
  ),
];
