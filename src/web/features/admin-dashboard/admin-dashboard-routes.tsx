import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Admin home (figures, charts, messages, coupons), the commission and review moderation under /dashboard. */
export const adminDashboardRoutes = guardedRoutes(['admin'], () => import('./admin-dashboard-queries.ts'), [
  { path: 'adminHome', page: () => import('./AdminHomePage.tsx').then((m) => m.AdminHomePage), first: 'adminHome' },
  { path: 'commission', page: () => import('./CommissionPage.tsx').then((m) => m.CommissionPage), first: 'commission' },
  {
    path: 'reportedReviews',
    page: () => import('./ReportedReviewsPage.tsx').then((m) => m.ReportedReviewsPage),
    first: 'reportedReviews',
  },
]);
