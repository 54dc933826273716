import type { PaymentIntentCreated } from '#contract/payments.ts';
import { PREMIUM_MEMBERSHIP_PRICE_DOLLARS } from '#contract/roles.ts';
import { api } from '../../api/client.ts';

/** POST /vendor-payment {price: 1000}: the server charges the membership price it knows. */
export function startMembership() {
  return api<PaymentIntentCreated>('/vendor-payment', {
    method: 'POST',
    body: { price: PREMIUM_MEMBERSHIP_PRICE_DOLLARS },
  });
}
