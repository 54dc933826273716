import type { RouteObject } from 'react-router';
import { FEATURED_CATEGORY_ROUTES } from '#contract/categories.ts';
import { type LoadAt, lazyQueries, loadFirst } from '../../api/query-client.ts';

const first = lazyQueries<LoadAt>()(() => import('./catalog-queries.ts'));

/**
 * Storefront pages: the six spec category pages, every category, product, shops, search. Each loader starts the
 * page's first queries while the page's chunk loads (see `prefetch`).
 */
export const catalogRoutes: RouteObject[] = [
  ...FEATURED_CATEGORY_ROUTES.map(
    (route): RouteObject => ({
      path: route.path.slice(1),
      handle: { category: route.category },
      loader: loadFirst((at) => first('categoryPage')({ ...at, params: { value: route.category } })),
      lazy: () => import('./CategoryPage.tsx').then((m) => ({ Component: m.FixedCategoryPage })),
    }),
  ),
  {
    path: 'category/:value',
    loader: loadFirst(first('categoryPage')),
    lazy: () => import('./CategoryPage.tsx').then((m) => ({ Component: m.CategoryByValuePage })),
  },
  {
    path: 'productDetails/:id',
    loader: loadFirst(first('productPage')),
    lazy: () => import('./ProductDetailsPage.tsx').then((m) => ({ Component: m.ProductDetailsPage })),
  },
  {
    path: 'shopList',
    loader: loadFirst(first('shopList')),
    lazy: () => import('./ShopListPage.tsx').then((m) => ({ Component: m.ShopListPage })),
  },
  {
    path: 'shopDetails/:id',
    loader: loadFirst(first('shopPage')),
    lazy: () => import('./ShopDetailsPage.tsx').then((m) => ({ Component: m.ShopDetailsPage })),
  },
  {
    path: 'search',
    loader: loadFirst(first('searchPage')),
    lazy: () => import('./SearchPage.tsx').then((m) => ({ Component: m.SearchPage })),
  },
];
