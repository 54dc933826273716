import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { CATEGORIES, type CategoryValue, FEATURED_CATEGORY_ROUTES } from '#contract/categories.ts';
import { firstPages, pageQuery, prefetch } from '../../api/query-client.ts';
import { getProduct } from './get-product.ts';
import { getReviewSummary } from './get-review-summary.ts';
import { reviewsKey } from './get-reviews.ts';
import { getShop } from './get-shop.ts';
import { listProducts, type ProductFilters } from './list-products.ts';
import { listShops } from './list-shops.ts';
import { searchProducts } from './search-products.ts';

// The loaders' queries, with the keys of the pages' hooks (list-products.ts, get-product.ts, get-review-summary.ts,
// get-shop.ts, list-shops.ts, search-products.ts) so that the page finds the loader's query in the cache.
const nextCursor = { initialPageParam: undefined as string | undefined, getNextPageParam: nextPage };
function nextPage(last: { nextCursor: string | null }) {
  return last.nextCursor ?? undefined;
}
const productPages = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['products', 'list', filters],
    queryFn: ({ pageParam }) => listProducts(filters, pageParam),
    ...nextCursor,
  });
const searchPages = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['products', 'search', q],
    queryFn: ({ pageParam }) => searchProducts(q, pageParam),
    ...nextCursor,
  });
const product = (id: string) => queryOptions({ queryKey: ['products', 'one', id], queryFn: () => getProduct(id) });
const reviewSummary = (id: string) =>
  queryOptions({ queryKey: [...reviewsKey(id), 'summary'], queryFn: () => getReviewSummary(id) });
const shop = (id: string) => queryOptions({ queryKey: ['shops', 'one', id], queryFn: () => getShop(id) });
const shops = (q: string) => queryOptions({ queryKey: ['shops', q], queryFn: () => listShops(q) });

/** A category page's first products, in the page's first order (most popular first). */
const categoryPages = (category: CategoryValue) => productPages({ category, sort: 'popular' });

/**
 * Storefront pages: the six spec category pages, every category, product, shops, search. Each loader starts the
 * page's first queries while the page's chunk loads (see `prefetch`).
 */
export const catalogRoutes: RouteObject[] = [
  ...FEATURED_CATEGORY_ROUTES.map(
    (route): RouteObject => ({
      path: route.path.slice(1),
      handle: { category: route.category },
      loader: () => prefetch(firstPages(categoryPages(route.category))),
      lazy: () => import('./CategoryPage.tsx').then((m) => ({ Component: m.FixedCategoryPage })),
    }),
  ),
  {
    path: 'category/:value',
    loader: ({ params }) => {
      const category = CATEGORIES.find((c) => c.value === params.value);
      return category ? prefetch(firstPages(categoryPages(category.value))) : null;
    },
    lazy: () => import('./CategoryPage.tsx').then((m) => ({ Component: m.CategoryByValuePage })),
  },
  {
    path: 'productDetails/:id',
    loader: ({ params }) => prefetch(pageQuery(product(params.id ?? '')), pageQuery(reviewSummary(params.id ?? ''))),
    lazy: () => import('./ProductDetailsPage.tsx').then((m) => ({ Component: m.ProductDetailsPage })),
  },
  {
    path: 'shopList',
    loader: () => prefetch(pageQuery(shops(''))),
    lazy: () => import('./ShopListPage.tsx').then((m) => ({ Component: m.ShopListPage })),
  },
  {
    path: 'shopDetails/:id',
    loader: ({ params }) =>
      prefetch(pageQuery(shop(params.id ?? '')), firstPages(productPages({ shop: params.id ?? '', sort: 'popular' }))),
    lazy: () => import('./ShopDetailsPage.tsx').then((m) => ({ Component: m.ShopDetailsPage })),
  },
  {
    path: 'search',
    loader: ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
      return q ? prefetch(firstPages(searchPages(q))) : null;
    },
    lazy: () => import('./SearchPage.tsx').then((m) => ({ Component: m.SearchPage })),
  },
];
