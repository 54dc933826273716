import type { CheckoutIntentInput } from '#contract/payments.ts';
import { call } from '../../api/client.ts';

/** POST /customer-payment: the server prices the cart (and coupon) and opens the card payment. */
export function startCheckout(input: CheckoutIntentInput) {
  return call('POST /customer-payment', { body: input });
}
