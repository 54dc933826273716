import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function listShops(q: string) {
  return call('GET /shops', { query: { q } });
}

export const shopsQuery = (q: string) => queryOptions({ queryKey: ['shops', q], queryFn: () => listShops(q) });

export function useShops(q: string) {
  return useQuery({ ...shopsQuery(q), placeholderData: keepPreviousData });
}
