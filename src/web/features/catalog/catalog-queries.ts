import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CATEGORIES, type CategoryValue } from '#contract/categories.ts';
import { firstPages, type LoadAt, pageQuery } from '../../api/query-client.ts';
import { getProduct } from './get-product.ts';
import { getReviewSummary } from './get-review-summary.ts';
import { reviewsKey } from './get-reviews.ts';
import { getShop } from './get-shop.ts';
import { listProducts, type ProductFilters } from './list-products.ts';
import { listShops } from './list-shops.ts';
import { searchProducts } from './search-products.ts';

// The first queries of the storefront pages, for their route loaders (loaded on the first visit, not with the
// app), with the keys of the pages' hooks (list-products.ts, get-product.ts, get-review-summary.ts,
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

export const categoryPage = ({ params }: LoadAt) => {
  const category = CATEGORIES.find((c) => c.value === params.value);
  return category ? [firstPages(categoryPages(category.value))] : [];
};
export const productPage = ({ params }: LoadAt) => [
  pageQuery(product(params.id ?? '')),
  pageQuery(reviewSummary(params.id ?? '')),
];
export const shopList = () => [pageQuery(shops(''))];
export const shopPage = ({ params }: LoadAt) => [
  pageQuery(shop(params.id ?? '')),
  firstPages(productPages({ shop: params.id ?? '', sort: 'popular' })),
];
export const searchPage = ({ search }: LoadAt) => {
  const q = (search.get('q') ?? '').trim();
  return q ? [firstPages(searchPages(q))] : [];
};
