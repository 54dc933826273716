import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function listShops(q: string) {
  return call('GET /shops', { query: { q } });
}

export function useShops(q: string) {
  return useQuery({ queryKey: ['shops', q], queryFn: () => listShops(q), placeholderData: keepPreviousData });
}
