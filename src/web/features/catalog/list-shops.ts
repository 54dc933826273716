import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shopsApi } from '#contract/api/shops.ts';
import { call } from '../../api/client.ts';

export function listShops(q: string) {
  return call(shopsApi.list, { query: { q } });
}

export function useShops(q: string) {
  return useQuery({ queryKey: ['shops', q], queryFn: () => listShops(q), placeholderData: keepPreviousData });
}
