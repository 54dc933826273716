import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Admin home (figures, earnings, charts, messages, coupons), the orders and each order's story, the commission, the memberships, the tax, payouts and review moderation. */
export const adminDashboardRoutes = guardedRoutes(['admin'], () => import('./admin-dashboard-queries.ts'), [
  {
    path: DASHBOARD_PAGES.adminHome,
    page: () => import('./AdminHomePage.tsx').then((m) => m.AdminHomePage),
    first: 'adminHome',
  },
  {
    path: DASHBOARD_PAGES.adminOrders,
    page: () => import('./OrdersDeskPage.tsx').then((m) => m.OrdersDeskPage),
    first: 'adminOrders',
  },
  {
    path: DASHBOARD_PAGES.adminOrder,
    page: () => import('./OrderStoryPage.tsx').then((m) => m.OrderStoryPage),
    first: 'adminOrder',
  },
  {
    path: DASHBOARD_PAGES.commission,
    page: () => import('./CommissionPage.tsx').then((m) => m.CommissionPage),
    first: 'commission',
  },
  {
    path: DASHBOARD_PAGES.memberships,
    page: () => import('./MembershipsPage.tsx').then((m) => m.MembershipsPage),
    first: 'memberships',
  },
  { path: DASHBOARD_PAGES.tax, page: () => import('./TaxPage.tsx').then((m) => m.TaxPage), first: 'tax' },
  { path: DASHBOARD_PAGES.marketplace, page: () => import('./MarketplacePage.tsx').then((m) => m.MarketplacePage) },
  {
    path: DASHBOARD_PAGES.shopPayouts,
    page: () => import('./ShopPayoutsPage.tsx').then((m) => m.ShopPayoutsPage),
    first: 'shopPayouts',
  },
  {
    path: DASHBOARD_PAGES.shopCatalogue,
    page: () => import('./ShopCatalogueImportPage.tsx').then((m) => m.ShopCatalogueImportPage),
  },
  {
    path: DASHBOARD_PAGES.reportedReviews,
    page: () => import('./ReportedReviewsPage.tsx').then((m) => m.ReportedReviewsPage),
    first: 'reportedReviews',
  },
]);
