import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Vendor home, orders, revenue, payouts and reviews under /dashboard. */
export const vendorDashboardRoutes = guardedRoutes(['vendor'], () => import('./vendor-dashboard-queries.ts'), [
  {
    path: DASHBOARD_PAGES.vendorHome,
    page: () => import('./VendorHomePage.tsx').then((m) => m.VendorHomePage),
    first: 'vendorHome',
  },
  {
    path: DASHBOARD_PAGES.vendorOrder,
    page: () => import('./VendorOrdersPage.tsx').then((m) => m.VendorOrdersPage),
    first: 'vendorOrder',
  },
  {
    path: DASHBOARD_PAGES.pickList,
    page: () => import('./SlotSheetPage.tsx').then((m) => m.PickListPage),
    first: 'slotSheet',
  },
  {
    path: DASHBOARD_PAGES.packingSlips,
    page: () => import('./SlotSheetPage.tsx').then((m) => m.PackingSlipsPage),
    first: 'slotSheet',
  },
  {
    path: DASHBOARD_PAGES.vendorRevenue,
    page: () => import('./VendorRevenuePage.tsx').then((m) => m.VendorRevenuePage),
  },
  {
    path: DASHBOARD_PAGES.catalogueImport,
    page: () => import('./CatalogueImportPage.tsx').then((m) => m.CatalogueImportPage),
  },
  { path: DASHBOARD_PAGES.fulfilment, page: () => import('./FulfilmentPage.tsx').then((m) => m.FulfilmentPage) },
  { path: DASHBOARD_PAGES.shopProfile, page: () => import('./ShopProfilePage.tsx').then((m) => m.ShopProfilePage) },
  {
    path: DASHBOARD_PAGES.payouts,
    page: () => import('./PayoutsPage.tsx').then((m) => m.PayoutsPage),
    first: 'payouts',
  },
  {
    path: DASHBOARD_PAGES.review,
    page: () => import('./ProductReviewsPage.tsx').then((m) => m.ProductReviewsPage),
    first: 'productReviews',
  },
]);
