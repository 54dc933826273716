import type { VendorPaymentInput } from '#contract/payments.ts';
import { api } from '../../api/client.ts';

/** POST /vendorPayments: checked with the card provider, then the shop is premium. */
export function recordMembership(input: VendorPaymentInput) {
  return api<{ insertedId: string; membership: string }>('/vendorPayments', { method: 'POST', body: input });
}

/** PATCH /vendor/:email {badge: 'gold'}. */
export function giveGoldBadge(email: string) {
  return api<{ modifiedCount: number }>(`/vendor/${encodeURIComponent(email)}`, {
    method: 'PATCH',
    body: { badge: 'gold' },
  });
}
