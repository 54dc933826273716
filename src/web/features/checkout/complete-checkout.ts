import type { CustomerPayment } from '#contract/orders.ts';
import type { CustomerPaymentInput } from '#contract/payments.ts';
import { api } from '../../api/client.ts';

/** POST /customerPayments: the paid card payment becomes the order (the same order if sent twice). */
export function completeCheckout(input: CustomerPaymentInput) {
  return api<CustomerPayment>('/customerPayments', { method: 'POST', body: input });
}
