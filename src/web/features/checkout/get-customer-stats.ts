import { useQuery } from '@tanstack/react-query';
import type { CustomerStats } from '#contract/orders.ts';
import { api } from '../../api/client.ts';

export const customerStatsKey = ['customer-stats'] as const;

export function getCustomerStats() {
  return api<CustomerStats>('/customer-stats');
}

export function useCustomerStats() {
  return useQuery({ queryKey: customerStatsKey, queryFn: getCustomerStats });
}
