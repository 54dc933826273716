import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { nextCursor } from './list-products.ts';

export function searchProducts(q: string, cursor: string | undefined) {
  return call('GET /search', { query: { q, cursor, limit: 20 } });
}

export const searchPagesQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['products', 'search', q],
    queryFn: ({ pageParam }) => searchProducts(q, pageParam),
    ...nextCursor,
  });

/** Products ranked by relevance to the text, page by page. */
export function useSearch(q: string) {
  return useInfiniteQuery({ ...searchPagesQuery(q), enabled: q.length > 0 });
}
