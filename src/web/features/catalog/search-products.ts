import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function searchProducts(q: string, cursor: string | undefined) {
  return call('GET /search', { query: { q, cursor, limit: 20 } });
}

/** Products ranked by relevance to the text, page by page. */
export function useSearch(q: string) {
  return useInfiniteQuery({
    queryKey: ['products', 'search', q],
    queryFn: ({ pageParam }) => searchProducts(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: q.length > 0,
  });
}
