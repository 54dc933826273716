import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function getProduct(id: string) {
  return call('GET /singleProduct/:id', { params: { id }, query: {} });
}

export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['products', 'one', id], queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
