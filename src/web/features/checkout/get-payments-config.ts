import { useQuery } from '@tanstack/react-query';
import { paymentsApi } from '#contract/api/payments.ts';
import { call } from '../../api/client.ts';

export function getPaymentsConfig() {
  return call(paymentsApi.config);
}

/** Which card form to show: the built-in sandbox or Stripe Elements. */
export function usePaymentsConfig() {
  return useQuery({ queryKey: ['payments-config'], queryFn: getPaymentsConfig, staleTime: Number.POSITIVE_INFINITY });
}
