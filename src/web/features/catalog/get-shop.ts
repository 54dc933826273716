import { useQuery } from '@tanstack/react-query';
import { shopsApi } from '#contract/api/shops.ts';
import { call } from '../../api/client.ts';

export function getShop(id: string) {
  return call(shopsApi.get, { params: { id } });
}

export function useShop(id: string) {
  return useQuery({ queryKey: ['shops', 'one', id], queryFn: () => getShop(id) });
}
