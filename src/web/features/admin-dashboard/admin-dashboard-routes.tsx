import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Admin home (figures, earnings, charts, messages, coupons), the commission, the tax, payouts and review moderation. */
export const adminDashboardRoutes = guardedRoutes(['admin'], () => import('./admin-dashboard-queries.ts'), [
  { path: 'adminHome', page: () => import('./AdminHomePage.tsx').then((m) => m.AdminHomePage), first: 'adminHome' },
  { path: 'commission', page: () => import('./CommissionPage.tsx').then((m) => m.CommissionPage), first: 'commission' },
  { path: 'tax', page: () => import('./TaxPage.tsx').then((m) => m.TaxPage), first: 'tax' },
  {
    path: 'shopPayouts',
    page: () => import('./ShopPayoutsPage.tsx').then((m) => m.ShopPayoutsPage),
    first: 'shopPayouts',
  },
  {
    path: 'reportedReviews',
    page: () => import('./ReportedReviewsPage.tsx').then((m) => m.ReportedReviewsPage),
    first: 'reportedReviews',
  },
]);
