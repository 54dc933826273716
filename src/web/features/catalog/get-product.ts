import { useQuery } from '@tanstack/react-query';
import { catalogApi } from '#contract/api/catalog.ts';
import { call } from '../../api/client.ts';

export function getProduct(id: string) {
  return call(catalogApi.product, { params: { id } });
}

export function useProduct(id: string) {
  return useQuery({ queryKey: ['products', 'one', id], queryFn: () => getProduct(id) });
}
