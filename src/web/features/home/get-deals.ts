import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function getDeals() {
  return call('GET /deals', { query: {} });
}

export const dealsQuery = queryOptions({ queryKey: ['deals'], queryFn: getDeals });

/** The three deals of the day, each with the moment it ends. */
export function useDeals() {
  return useQuery(dealsQuery);
}
