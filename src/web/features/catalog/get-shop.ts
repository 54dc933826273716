import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function getShop(id: string) {
  return call('GET /singleShop/:id', { params: { id } });
}

export const shopQuery = (id: string) => queryOptions({ queryKey: ['shops', 'one', id], queryFn: () => getShop(id) });

export function useShop(id: string) {
  return useQuery(shopQuery(id));
}
