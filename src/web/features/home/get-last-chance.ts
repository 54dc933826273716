import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function getLastChance() {
  return call('GET /products/last-chance', { query: { limit: 10 } });
}

export const lastChanceQuery = queryOptions({ queryKey: ['products', 'last-chance'], queryFn: getLastChance });

/** Up to 10 products sold at a near-expiry markdown today, soonest expiry first. */
export function useLastChance() {
  return useQuery(lastChanceQuery);
}
