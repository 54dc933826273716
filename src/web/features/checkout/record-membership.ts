import type { VendorPaymentInput } from '#contract/payments.ts';
import { call } from '../../api/client.ts';

/** POST /vendorPayments: checked with the card provider, then the shop is premium. */
export function recordMembership(input: VendorPaymentInput) {
  return call('POST /vendorPayments', { body: input });
}

/** PATCH /vendor/:email {badge: 'gold'}. */
export function giveGoldBadge(email: string) {
  return call('PATCH /vendor/:email', { params: { email }, body: { badge: 'gold' } });
}
