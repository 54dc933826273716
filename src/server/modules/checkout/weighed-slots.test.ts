import { describe, expect, it } from 'vitest';
import type { Slot } from '#contract/slots.ts';
import { WEIGHED_BOOKING_RULE, WEIGHED_TOO_FAR } from '#contract/weighed.ts';
import { createUser } from '../../test/users.ts';
import { weighedProduct } from '../orders/weighed-fixtures.ts';
import {
  choose,
  MARKET,
  nextFridayNoon,
  planOf,
  SATURDAY_MARKET,
  setupClockedApp,
  shopWith,
} from './fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart, startPayment } from './test-fixtures.ts';

/** A card hold lasts 7 days: a cart with weighed goods books slots at most 6 days after paying. */
const now = nextFridayNoon();
const t = setupClockedApp(() => now);
const SIX_DAYS_MS = 6 * 86_400_000;

/** Pickup on Wednesday mornings: the next one is 5 days after Friday noon, the one after 12 days. */
const WEDNESDAY_PICKUP = {
  ...MARKET,
  pickupPoints: [
    { ...SATURDAY_MARKET, windows: [{ weekday: 'wednesday' as const, start: '09:00', end: '12:00', capacity: 3 }] },
  ],
};

/** The shop's open pickup slots: the first within 6 days and the first after. */
async function nearAndFar(shopId: string) {
  const to = new Date(now.getTime() + 13 * 86_400_000).toISOString().slice(0, 10);
  const response = await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/slots?to=${to}` });
  const slots: Slot[] = response.json().slots;
  const pickups = slots.filter((slot) => slot.kind === 'pickup' && slot.status === 'open');
  const near = pickups.find((slot) => Date.parse(slot.start) - now.getTime() <= SIX_DAYS_MS);
  const far = pickups.find((slot) => Date.parse(slot.start) - now.getTime() > SIX_DAYS_MS);
  if (!near || !far) throw new Error('expected a slot within 6 days and one after');
  return { near, far };
}

describe('weighed goods book slots at most 6 days ahead', () => {
  it('refuses a later slot when choosing, and the plan says until when and why', async () => {
    const shop = await shopWith(t, WEDNESDAY_PICKUP);
    const shopper = await createUser(t);
    const chicken = await weighedProduct(t, shop, { pricePerKgCents: 2400, gramsPerPiece: 450 });
    await addToCart(t, shopper, chicken.id, 1);
    const { near, far } = await nearAndFar(shop.id);

    const plan = await planOf(t, shopper);
    expect(plan.weighedGoods).toEqual({
      latestStart: new Date(now.getTime() + SIX_DAYS_MS).toISOString(),
      message: WEIGHED_BOOKING_RULE,
    });
    const refused = await choose(t, shopper, shop.id, { slotId: far.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'SLOT_CLOSED', message: WEIGHED_TOO_FAR });
    expect((await choose(t, shopper, shop.id, { slotId: near.id })).statusCode).toBe(200);
    expect((await planOf(t, shopper)).ready).toBe(true);
  });

  it('refuses the payment when weighed goods join a cart that chose a later slot', async () => {
    const shop = await shopWith(t, WEDNESDAY_PICKUP);
    const shopper = await createUser(t);
    await addToCart(t, shopper, (await createProduct(t, shop, { priceCents: 800 })).id, 1);
    const { far } = await nearAndFar(shop.id);
    expect((await choose(t, shopper, shop.id, { slotId: far.id })).statusCode).toBe(200);
    expect((await planOf(t, shopper)).weighedGoods).toBeUndefined();

    await addToCart(t, shopper, (await weighedProduct(t, shop, { pricePerKgCents: 3000, gramsPerPiece: 200 })).id, 1);
    const plan = await planOf(t, shopper);
    expect(plan.shops[0].problem).toEqual({ code: 'SLOT_CLOSED', message: WEIGHED_TOO_FAR });
    const payment = await startPayment(t, shopper, {});
    expect(payment.statusCode).toBe(409);
    expect(payment.json().error).toEqual({ code: 'SLOT_CLOSED', message: WEIGHED_TOO_FAR });
  });

  it('refuses moving a paid order with weighed goods to a slot after the hold', async () => {
    const shop = await shopWith(t, WEDNESDAY_PICKUP);
    const shopper = await createUser(t);
    await addToCart(t, shopper, (await weighedProduct(t, shop, { pricePerKgCents: 2400, gramsPerPiece: 450 })).id, 1);
    const { near, far } = await nearAndFar(shop.id);
    expect((await choose(t, shopper, shop.id, { slotId: near.id })).statusCode).toBe(200);
    const { intent } = await payCart(t, shopper);
    const order = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(order.statusCode, order.body).toBe(201);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.json().orderId}/shops/${shop.id}/slot`,
      headers: shopper.auth,
      payload: { slotId: far.id },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toEqual({ code: 'SLOT_CLOSED', message: WEIGHED_TOO_FAR });
  });
});
