import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/users.ts';
import { choose, nextFridayNoon, setupClockedApp, shopWith, slotsOf, ZONE } from '../checkout/fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { encodeSlotId } from '../slots/index.ts';
import { runAt, slotTimes } from './delivery-fixtures.ts';
import { boxPlan, dayAfter } from './subscribe-fixtures.ts';
import { subscriptions } from './tables.ts';

/**
 * Capacity is reserved for subscribers before one-off orders (issue 37 item 2): a window's places in a slot are held
 * for the running subscriptions that take that slot, and checkout's slots count them as taken.
 */
const NOW = nextFridayNoon();
const t = setupClockedApp(() => NOW);
const SATURDAY = dayAfter(NOW, 8);

async function oneplaceFarm() {
  const farm = await shopWith(t, {
    timeZone: ZONE,
    pickupPoints: [
      {
        name: 'Barn',
        address: '1 Barn Lane',
        windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', capacity: 1 }],
      },
    ],
  });
  const settings = await t.app.inject({ method: 'GET', url: `/api/shops/${farm.id}/fulfilment`, headers: farm.auth });
  const windowId: string = settings.json().pickupPoints[0].windows[0].id;
  const planId = await boxPlan(t, farm, [windowId]);
  return { farm, windowId, planId };
}

describe('places held for subscribers', () => {
  it('a one-off checkout cannot take the last place a subscriber holds, and gets it once the delivery is skipped', async () => {
    const { farm, windowId, planId } = await oneplaceFarm();
    const subscriber = await createUser(t);
    const [subscription] = await t.db
      .insert(subscriptions)
      .values({
        planId,
        userId: subscriber.id,
        windowId,
        startsOn: SATURDAY,
        providerCustomerId: 'cus_sb_x',
        paymentMethodId: 'pm_sb_x',
        cardState: 'ready',
      })
      .returning();
    const slotId = encodeSlotId(windowId, SATURDAY);
    expect((await slotsOf(t, farm.id)).find((s) => s.id === slotId)).toMatchObject({ remaining: 0, status: 'full' });

    const buyer = await createUser(t);
    const product = await createProduct(t, farm, { priceCents: 800, stock: 5 });
    await addToCart(t, buyer, product.id, 1);
    const chosen = await choose(t, buyer, farm.id, { slotId, note: null });
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().error).toMatchObject({ code: 'SLOT_FULL', message: expect.stringContaining('is full') });

    const skipped = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${subscription.id}/skips/${SATURDAY}`,
      headers: subscriber.auth,
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect((await slotsOf(t, farm.id)).find((s) => s.id === slotId)).toMatchObject({ remaining: 1, status: 'open' });
    expect((await choose(t, buyer, farm.id, { slotId, note: null })).statusCode).toBe(200);
    const { intent } = await payCart(t, buyer);
    expect((await confirmOrder(t, buyer, intent.paymentIntentId)).statusCode).toBe(201);
  });

  it('a subscription cannot start on a slot one-off orders filled: it is told to start later', async () => {
    const { farm, windowId, planId } = await oneplaceFarm();
    const buyer = await createUser(t);
    const product = await createProduct(t, farm, { priceCents: 800, stock: 5 });
    await addToCart(t, buyer, product.id, 1);
    await choose(t, buyer, farm.id, { slotId: encodeSlotId(windowId, SATURDAY), note: null });
    const { intent } = await payCart(t, buyer);
    expect((await confirmOrder(t, buyer, intent.paymentIntentId)).statusCode).toBe(201);
    const full = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-plans/${planId}/quote?windowId=${windowId}&startsOn=${dayAfter(NOW, 0)}`,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({
      code: 'SLOT_FULL',
      message: expect.stringMatching(/is full: choose another time or start after it$/),
    });
    const later = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-plans/${planId}/quote?windowId=${windowId}&startsOn=${dayAfter(NOW, 9)}`,
    });
    expect(later.json()).toMatchObject({ firstDelivery: dayAfter(NOW, 15) });
  });

  it('once its order is made, the delivery names its order and the booking keeps the place; skipping it frees the place', async () => {
    const { farm, windowId, planId } = await oneplaceFarm();
    const subscriber = await createUser(t);
    const [subscription] = await t.db
      .insert(subscriptions)
      .values({
        planId,
        userId: subscriber.id,
        windowId,
        startsOn: SATURDAY,
        providerCustomerId: 'cus_sb_y',
        paymentMethodId: 'pm_sb_y',
        cardState: 'ready',
      })
      .returning();
    await runAt(t, t.app.payments.active, (await slotTimes(t, windowId, SATURDAY)).orderFrom);
    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: subscriber.auth });
    expect(mine.json()[0].coming[0]).toMatchObject({
      date: SATURDAY,
      state: 'ordered',
      changeableUntil: (await slotTimes(t, windowId, SATURDAY)).closesAt.toISOString(),
      order: { number: expect.stringMatching(/^FS-/), paymentId: expect.any(String) },
    });
    const slotId = encodeSlotId(windowId, SATURDAY);
    expect((await slotsOf(t, farm.id)).find((s) => s.id === slotId)).toMatchObject({ remaining: 0, status: 'full' });
    const skip = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${subscription.id}/skips/${SATURDAY}`,
      headers: subscriber.auth,
    });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json().coming[0]).toMatchObject({ date: SATURDAY, state: 'skipped' });
    expect((await slotsOf(t, farm.id)).find((s) => s.id === slotId)).toMatchObject({ remaining: 1 });
  });
});
