import type { RouteObject } from 'react-router';
import { guardedRoute } from '../../auth/RequireRole.tsx';

/** Vendor home, orders, revenue and reviews under /dashboard. */
export const vendorDashboardRoutes: RouteObject[] = [
  guardedRoute('vendorHome', ['vendor'], () => import('./VendorHomePage.tsx').then((m) => m.VendorHomePage)),
  guardedRoute('vendorOrder', ['vendor'], () => import('./VendorOrdersPage.tsx').then((m) => m.VendorOrdersPage)),
  guardedRoute('vendorRevenue', ['vendor'], () => import('./VendorRevenuePage.tsx').then((m) => m.VendorRevenuePage)),
  guardedRoute('review/:productId', ['vendor'], () =>
    import('./ProductReviewsPage.tsx').then((m) => m.ProductReviewsPage),
  ),
];
