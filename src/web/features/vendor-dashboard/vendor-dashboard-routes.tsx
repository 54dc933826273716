import type { RouteObject } from 'react-router';
import { guardedQueries, guardedRoute } from '../../auth/RequireRole.tsx';

const first = guardedQueries(() => import('./vendor-dashboard-queries.ts'));

/** Vendor home, orders, revenue and reviews under /dashboard. */
export const vendorDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'vendorHome',
    ['vendor'],
    () => import('./VendorHomePage.tsx').then((m) => m.VendorHomePage),
    first('vendorHome'),
  ),
  guardedRoute(
    'vendorOrder',
    ['vendor'],
    () => import('./VendorOrdersPage.tsx').then((m) => m.VendorOrdersPage),
    first('vendorOrder'),
  ),
  guardedRoute('vendorRevenue', ['vendor'], () => import('./VendorRevenuePage.tsx').then((m) => m.VendorRevenuePage)),
  guardedRoute(
    'review/:productId',
    ['vendor'],
    () => import('./ProductReviewsPage.tsx').then((m) => m.ProductReviewsPage),
    first('productReviews'),
  ),
];
