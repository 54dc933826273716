import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FEATURED_CATEGORY_ROUTES } from '#contract/categories.ts';
import { type LoadAt, lazyQueries, loadFirst } from '../../api/query-client.ts';

const first = lazyQueries<LoadAt>()(() => import('./catalog-queries.ts'));

/** A storefront page at `path`: its loader starts the page's `queries` while its chunk loads. */
const page = (path: string, queries: Parameters<typeof first>[0], load: () => Promise<ComponentType>): RouteObject => ({
  path,
  loader: loadFirst(first(queries)),
  lazy: () => load().then((Component) => ({ Component })),
});

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
  page('category/:value', 'categoryPage', () => import('./CategoryPage.tsx').then((m) => m.CategoryByValuePage)),
  page('productDetails/:id', 'productPage', () => import('./ProductDetailsPage.tsx').then((m) => m.ProductDetailsPage)),
  page('shopList', 'shopList', () => import('./ShopListPage.tsx').then((m) => m.ShopListPage)),
  page('shopDetails/:id', 'shopPage', () => import('./ShopDetailsPage.tsx').then((m) => m.ShopDetailsPage)),
  page('search', 'searchPage', () => import('./SearchPage.tsx').then((m) => m.SearchPage)),
];
