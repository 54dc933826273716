import { queryOptions } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { pageQuery } from '../../api/query-client.ts';
import { guardedRoute } from '../../auth/RequireRole.tsx';
import { getVendorProducts, vendorProductsKey } from './vendor-products.ts';

/**
 * Vendor product management under /dashboard. The product list is prefetched (useVendorProducts' key); the add
 * page's allowance is not, since its hook asks for a fresh one on every visit anyway.
 */
export const catalogDashboardRoutes: RouteObject[] = [
  guardedRoute('addProduct', ['vendor'], () => import('./AddProductPage.tsx').then((m) => m.AddProductPage)),
  guardedRoute(
    'vendorProduct',
    ['vendor'],
    () => import('./VendorProductsPage.tsx').then((m) => m.VendorProductsPage),
    ({ user }) => [
      pageQuery(
        queryOptions({ queryKey: vendorProductsKey(user.email), queryFn: () => getVendorProducts(user.email) }),
      ),
    ],
  ),
];
