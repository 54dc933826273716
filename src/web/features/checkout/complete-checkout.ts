import type { CustomerPaymentInput } from '#contract/payments.ts';
import { call } from '../../api/client.ts';

/** POST /customerPayments: the paid card payment becomes the order (the same order if sent twice). */
export function completeCheckout(input: CustomerPaymentInput) {
  return call('POST /customerPayments', { body: input });
}
