import { useQuery } from '@tanstack/react-query';
import { ordersApi } from '#contract/api/orders.ts';
import { call } from '../../api/client.ts';

export const customerStatsKey = ['customer-stats'] as const;

export function getCustomerStats() {
  return call(ordersApi.customerStats);
}

export function useCustomerStats() {
  return useQuery({ queryKey: customerStatsKey, queryFn: getCustomerStats });
}
