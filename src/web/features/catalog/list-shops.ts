import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Shop } from '#contract/shops.ts';
import { api } from '../../api/client.ts';

export function listShops(q: string) {
  return api<Shop[]>('/shops', { query: { q } });
}

export function useShops(q: string) {
  return useQuery({ queryKey: ['shops', q], queryFn: () => listShops(q), placeholderData: keepPreviousData });
}
