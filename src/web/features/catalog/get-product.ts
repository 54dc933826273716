import { useQuery } from '@tanstack/react-query';
import type { Product } from '#contract/products.ts';
import { api } from '../../api/client.ts';

export function getProduct(id: string) {
  return api<Product>(`/singleProduct/${id}`);
}

export function useProduct(id: string) {
  return useQuery({ queryKey: ['products', 'one', id], queryFn: () => getProduct(id) });
}
