import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CategoryValue } from '#contract/categories.ts';
import type { ProductSort } from '#contract/products.ts';
import { call } from '../../api/client.ts';
import type { ListingFilters } from './listing-filters.ts';

export type ProductFilters = ListingFilters & {
  category?: CategoryValue;
  shop?: string;
  q?: string;
  sort?: ProductSort;
};

export function listProducts(filters: ProductFilters, cursor: string | undefined) {
  const { labels, freeFrom, minPrice, maxPrice, ...rest } = filters;
  return call('GET /products', {
    query: {
      ...rest,
      labels: labels?.join(','),
      freeFrom: freeFrom?.join(','),
      minPrice: minPrice === undefined ? undefined : String(minPrice),
      maxPrice: maxPrice === undefined ? undefined : String(maxPrice),
      cursor,
      limit: 20,
    },
  });
}

/** The paging of a "load more" list: the first page has no cursor, each page names the next one (or none). */
export const nextCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

export const productPagesQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['products', 'list', filters],
    queryFn: ({ pageParam }) => listProducts(filters, pageParam),
    // A change of filters keeps the last page (and its counts) on screen until the new one comes.
    placeholderData: keepPreviousData,
    ...nextCursor,
  });

/** Pages of offered products; `fetchNextPage` follows the keyset cursor ("load more"). */
export function useProductPages(filters: ProductFilters, enabled = true) {
  return useInfiniteQuery({ ...productPagesQuery(filters), enabled });
}
