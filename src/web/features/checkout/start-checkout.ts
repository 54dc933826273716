import type { CheckoutIntentInput, PaymentIntentCreated } from '#contract/payments.ts';
import { api } from '../../api/client.ts';

/** POST /customer-payment: the server prices the cart (and coupon) and opens the card payment. */
export function startCheckout(input: CheckoutIntentInput) {
  return api<PaymentIntentCreated>('/customer-payment', { method: 'POST', body: input });
}
