import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';

export function getPaymentsConfig() {
  return call('GET /payments/config');
}

/** Which card form to show: the built-in sandbox or Stripe Elements. */
export function usePaymentsConfig() {
  return useQuery({ queryKey: ['payments-config'], queryFn: getPaymentsConfig, staleTime: Number.POSITIVE_INFINITY });
}
