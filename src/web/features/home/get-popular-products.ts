import { useQuery } from '@tanstack/react-query';
import type { Product } from '#contract/products.ts';
import { api } from '../../api/client.ts';

export function getPopularProducts(category: string | undefined) {
  return api<Product[]>('/products/popular', { query: { category, limit: 10 } });
}

/** Up to 10 offered products, most popular first; one category or all. */
export function usePopularProducts(category: string | undefined) {
  return useQuery({
    queryKey: ['products', 'popular', category ?? 'all'],
    queryFn: () => getPopularProducts(category),
    placeholderData: (previous) => previous,
  });
}
