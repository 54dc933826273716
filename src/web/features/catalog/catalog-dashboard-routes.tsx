import type { RouteObject } from 'react-router';
import { guardedQueries, guardedRoute } from '../../auth/RequireRole.tsx';

const first = guardedQueries(() => import('./catalog-dashboard-queries.ts'));

/** Vendor product management under /dashboard. */
export const catalogDashboardRoutes: RouteObject[] = [
  guardedRoute('addProduct', ['vendor'], () => import('./AddProductPage.tsx').then((m) => m.AddProductPage)),
  guardedRoute(
    'vendorProduct',
    ['vendor'],
    () => import('./VendorProductsPage.tsx').then((m) => m.VendorProductsPage),
    first('vendorProduct'),
  ),
];
