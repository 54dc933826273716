import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listProducts, nextCursor } from './list-products.ts';
import type { ListingFilters } from './listing-filters.ts';

/** A search's pages (relevance first) with the filters' counts, as GET /products answers a text. */
export const searchPagesQuery = (q: string, filters: ListingFilters = {}) =>
  infiniteQueryOptions({
    queryKey: ['products', 'search', q, filters],
    queryFn: ({ pageParam }) => listProducts({ q, ...filters }, pageParam),
    placeholderData: keepPreviousData,
    ...nextCursor,
  });

/** Products ranked by relevance to the text, page by page. */
export function useSearch(q: string, filters: ListingFilters = {}) {
  return useInfiniteQuery({ ...searchPagesQuery(q, filters), enabled: q.length > 0 });
}
