import { useInfiniteQuery } from '@tanstack/react-query';
import type { CategoryValue } from '#contract/categories.ts';
import type { ProductSort } from '#contract/products.ts';
import { call } from '../../api/client.ts';

export type ProductFilters = { category?: CategoryValue; shop?: string; q?: string; sort?: ProductSort };

export function listProducts(filters: ProductFilters, cursor: string | undefined) {
  return call('GET /products', { query: { ...filters, cursor, limit: 20 } });
}

/** Pages of offered products; `fetchNextPage` follows the keyset cursor ("load more"). */
export function useProductPages(filters: ProductFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['products', 'list', filters],
    queryFn: ({ pageParam }) => listProducts(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
