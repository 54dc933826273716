import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const customerStatsKey = ['customer-stats'] as const;

export function getCustomerStats() {
  return call('GET /customer-stats');
}

export const customerStatsQuery = queryOptions({ queryKey: customerStatsKey, queryFn: getCustomerStats });

export function useCustomerStats() {
  return useQuery(customerStatsQuery);
}
