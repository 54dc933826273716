import { call } from '../../api/client.ts';

/**
 * POST /vendor-payment (Buy Now): the spec's {price} with the plan chosen; the server charges the price it knows of
 * that plan.
 */
export function startMembership(plan: { key: string; price: number }) {
  return call('POST /vendor-payment', { body: { price: plan.price, plan: plan.key } });
}
