import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryValue } from '#contract/categories.ts';
import { call } from '../../api/client.ts';

export function getPopularProducts(category: CategoryValue | undefined) {
  return call('GET /products/popular', { query: { category, limit: 10 } });
}

export const popularProductsQuery = (category: CategoryValue | undefined) =>
  queryOptions({ queryKey: ['products', 'popular', category ?? 'all'], queryFn: () => getPopularProducts(category) });

/** Up to 10 offered products, most popular first; one category or all. */
export function usePopularProducts(category: CategoryValue | undefined) {
  return useQuery({ ...popularProductsQuery(category), placeholderData: (previous) => previous });
}
