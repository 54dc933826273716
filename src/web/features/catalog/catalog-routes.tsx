import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PAGES } from '#contract/app-paths.ts';
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
  page(PAGES.category, 'categoryPage', () => import('./CategoryPage.tsx').then((m) => m.CategoryByValuePage)),
  page(PAGES.productDetails, 'productPage', () => import('./ProductDetailsPage.tsx').then((m) => m.ProductDetailsPage)),
  page(PAGES.shopList, 'shopList', () => import('./ShopListPage.tsx').then((m) => m.ShopListPage)),
  page(PAGES.shopDetails, 'shopPage', () => import('./ShopDetailsPage.tsx').then((m) => m.ShopDetailsPage)),
  page(PAGES.search, 'searchPage', () => import('./SearchPage.tsx').then((m) => m.SearchPage)),
];
