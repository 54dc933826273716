import { PREMIUM_MEMBERSHIP_PRICE_DOLLARS } from '#contract/roles.ts';
import { call } from '../../api/client.ts';

/** POST /vendor-payment {price: 1000}: the server charges the membership price it knows. */
export function startMembership() {
  return call('POST /vendor-payment', { body: { price: PREMIUM_MEMBERSHIP_PRICE_DOLLARS } });
}
