import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Vendor product management under /dashboard. */
export const catalogDashboardRoutes = guardedRoutes(['vendor'], () => import('./catalog-dashboard-queries.ts'), [
  { path: DASHBOARD_PAGES.addProduct, page: () => import('./AddProductPage.tsx').then((m) => m.AddProductPage) },
  {
    path: DASHBOARD_PAGES.vendorProduct,
    page: () => import('./VendorProductsPage.tsx').then((m) => m.VendorProductsPage),
    first: 'vendorProduct',
  },
]);
