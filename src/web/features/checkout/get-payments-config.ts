import { useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '#contract/payments.ts';
import { api } from '../../api/client.ts';

export function getPaymentsConfig() {
  return api<PaymentsConfig>('/payments/config');
}

/** Which card form to show: the built-in sandbox or Stripe Elements. */
export function usePaymentsConfig() {
  return useQuery({ queryKey: ['payments-config'], queryFn: getPaymentsConfig, staleTime: Number.POSITIVE_INFINITY });
}
