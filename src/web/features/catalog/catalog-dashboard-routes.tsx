import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Vendor product management under /dashboard. */
export const catalogDashboardRoutes = guardedRoutes(['vendor'], () => import('./catalog-dashboard-queries.ts'), [
  { path: 'addProduct', page: () => import('./AddProductPage.tsx').then((m) => m.AddProductPage) },
  {
    path: 'vendorProduct',
    page: () => import('./VendorProductsPage.tsx').then((m) => m.VendorProductsPage),
    first: 'vendorProduct',
  },
]);
