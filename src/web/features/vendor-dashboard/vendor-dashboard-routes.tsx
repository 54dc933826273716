import { queryOptions } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { pageQuery } from '../../api/query-client.ts';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';
import { guardedRoute } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { getProductReviews, productReviewsKey } from './get-product-reviews.ts';
import { getVendorOrders, vendorOrdersKey } from './get-vendor-orders.ts';

// The loaders' queries, with the keys of the pages' hooks (get-vendor-orders.ts, get-product-reviews.ts; the
// figures' query is api/vendor-stats.ts's) and the table pages in the address.
const orders = (page: number) =>
  queryOptions({ queryKey: [...vendorOrdersKey, page], queryFn: () => getVendorOrders(page) });
const reviews = (productId: string, page: number) =>
  queryOptions({
    queryKey: [...productReviewsKey(productId), page],
    queryFn: () => getProductReviews(productId, page),
  });

/** Vendor home, orders, revenue and reviews under /dashboard. */
export const vendorDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'vendorHome',
    ['vendor'],
    () => import('./VendorHomePage.tsx').then((m) => m.VendorHomePage),
    () => [pageQuery(vendorStatsQuery)],
  ),
  guardedRoute(
    'vendorOrder',
    ['vendor'],
    () => import('./VendorOrdersPage.tsx').then((m) => m.VendorOrdersPage),
    ({ search }) => [pageQuery(orders(readPage(search)))],
  ),
  guardedRoute('vendorRevenue', ['vendor'], () => import('./VendorRevenuePage.tsx').then((m) => m.VendorRevenuePage)),
  guardedRoute(
    'review/:productId',
    ['vendor'],
    () => import('./ProductReviewsPage.tsx').then((m) => m.ProductReviewsPage),
    ({ params, search }) => [pageQuery(reviews(params.productId ?? '', readPage(search)))],
  ),
];
