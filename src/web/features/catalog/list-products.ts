import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProductPage, ProductSort } from '#contract/products.ts';
import { api } from '../../api/client.ts';

export type ProductFilters = { category?: string; shop?: string; q?: string; sort?: ProductSort };

export function listProducts(filters: ProductFilters, cursor: string | undefined) {
  return api<ProductPage>('/products', { query: { ...filters, cursor, limit: 20 } });
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
