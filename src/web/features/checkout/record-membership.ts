import { paymentsApi } from '#contract/api/payments.ts';
import type { VendorPaymentInput } from '#contract/payments.ts';
import { call } from '../../api/client.ts';

/** POST /vendorPayments: checked with the card provider, then the shop is premium. */
export function recordMembership(input: VendorPaymentInput) {
  return call(paymentsApi.recordMembership, { body: input });
}

/** PATCH /vendor/:email {badge: 'gold'}. */
export function giveGoldBadge(email: string) {
  return call(paymentsApi.goldBadge, { params: { email }, body: { badge: 'gold' } });
}
