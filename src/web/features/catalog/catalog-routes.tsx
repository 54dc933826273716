import type { RouteObject } from 'react-router';
import { FEATURED_CATEGORY_ROUTES } from '#contract/categories.ts';

/** Storefront pages: the six spec category pages, every category, product, shops, search. */
export const catalogRoutes: RouteObject[] = [
  ...FEATURED_CATEGORY_ROUTES.map(
    (route): RouteObject => ({
      path: route.path.slice(1),
      handle: { category: route.category },
      lazy: () => import('./CategoryPage.tsx').then((m) => ({ Component: m.FixedCategoryPage })),
    }),
  ),
  {
    path: 'category/:value',
    lazy: () => import('./CategoryPage.tsx').then((m) => ({ Component: m.CategoryByValuePage })),
  },
  {
    path: 'productDetails/:id',
    lazy: () => import('./ProductDetailsPage.tsx').then((m) => ({ Component: m.ProductDetailsPage })),
  },
  { path: 'shopList', lazy: () => import('./ShopListPage.tsx').then((m) => ({ Component: m.ShopListPage })) },
  {
    path: 'shopDetails/:id',
    lazy: () => import('./ShopDetailsPage.tsx').then((m) => ({ Component: m.ShopDetailsPage })),
  },
  { path: 'search', lazy: () => import('./SearchPage.tsx').then((m) => ({ Component: m.SearchPage })) },
];
