import { useQuery } from '@tanstack/react-query';
import type { Shop } from '#contract/shops.ts';
import { api } from '../../api/client.ts';

export function getShop(id: string) {
  return api<Shop>(`/singleShop/${id}`);
}

export function useShop(id: string) {
  return useQuery({ queryKey: ['shops', 'one', id], queryFn: () => getShop(id) });
}
