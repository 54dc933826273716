import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Admin home (figures, charts, messages, coupons) and review moderation under /dashboard. */
export const adminDashboardRoutes = guardedRoutes(['admin'], () => import('./admin-dashboard-queries.ts'), [
  { path: 'adminHome', page: () => import('./AdminHomePage.tsx').then((m) => m.AdminHomePage), first: 'adminHome' },
  {
    path: 'reportedReviews',
    page: () => import('./ReportedReviewsPage.tsx').then((m) => m.ReportedReviewsPage),
    first: 'reportedReviews',
  },
]);
