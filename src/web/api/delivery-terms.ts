import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

/**
 * How the shops hand over orders (GET /delivery-terms): read by the home page's value card and About, so both share
 * this one fetcher and its cache entry.
 */
export const deliveryTermsQuery = queryOptions({
  queryKey: ['delivery-terms'],
  queryFn: () => call('GET /delivery-terms'),
});

export function useDeliveryTerms() {
  return useQuery(deliveryTermsQuery);
}
