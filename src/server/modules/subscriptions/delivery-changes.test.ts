import { and, eq, isNull } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { heldGoods } from '#contract/card-hold.ts';
import { CHANGE_MESSAGES } from '#contract/delivery-changes.ts';
import { createProduct, createUser, type TestUser } from '../../test/factories.ts';
import { productOptions, products } from '../catalog/tables.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import { vendorPart, weighedProduct } from '../orders/weighed-fixtures.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { sandboxPaymentIntents } from '../payments/tables.ts';
import { encodeSlotId } from '../slots/index.ts';
import { slotBookings } from '../slots/tables.ts';
import {
  createPlan,
  deliveryOf,
  farmWithWindow,
  minutes,
  nextWeekday,
  runAt,
  scriptedCards,
  slotTimes,
  subscribe,
} from './delivery-fixtures.ts';
import { setupSubscriberApp } from './subscribe-fixtures.ts';
import { subscriptionDeliveries } from './tables.ts';

/**
 * Changing a delivery whose order the job has made, before its cutoff (issue 37 item 3, decision 068): skip it (the
 * unpaid order cancelled), swap a plan item, add and take out one-off products; the charge takes the order as it
 * stands. The app's clock is moved by each test.
 */
let now = new Date();
const t = setupSubscriberApp(() => now);
let provider: ReturnType<typeof scriptedCards>;
beforeAll(() => {
  provider = scriptedCards(createSandboxProvider(t.db), () => 'ok');
});
const SATURDAY = 6;

/** An option's stock: its own, else its product's (a product of one option keeps it on the product). */
const stockOf = async (optionId: string) => {
  const [row] = await t.db
    .select({ own: productOptions.stock, product: products.stock })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(eq(productOptions.id, optionId));
  return row.own ?? row.product;
};

/** A farm's plan (2 carrots at $3, a small honey at $5, 10% off), a loaf to add, a subscriber whose order is made. */
async function madeDelivery() {
  const { farm, windowId } = await farmWithWindow(t);
  const carrots = await createProduct(t, farm, { name: 'Carrots', priceCents: 300, stock: 50 });
  const honey = await createProduct(t, farm, {
    name: 'Honey',
    options: [
      { label: 'Small jar', priceCents: 500, stock: 20 },
      { label: 'Large jar', priceCents: 900, stock: 20 },
    ],
  });
  const bread = await createProduct(t, farm, { name: 'Sourdough loaf', priceCents: 600, stock: 5 });
  const planId = await createPlan(t, farm, {
    name: 'Pantry share',
    kind: 'fixed',
    items: [
      { optionId: carrots.optionIds[0], quantity: 2 },
      { optionId: honey.optionIds[0], quantity: 1 },
    ],
    discountPercent: 10,
    windowIds: [windowId],
  });
  const date = nextWeekday(SATURDAY);
  const { shopper, subscription } = await subscribe(t, planId, windowId, date);
  const slot = await slotTimes(t, windowId, date);
  await runAt(t, provider.provider, minutes(slot.orderFrom, 1));
  const row = await deliveryOf(t, subscription.id, date);
  expect(row.status).toBe('ordered');
  now = minutes(slot.orderFrom, 10);
  const url = `/api/subscriptions/${subscription.id}/deliveries/${date}`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object, who: TestUser = shopper) =>
    t.app.inject({ method, url: `${url}${path}`, headers: who.auth, payload });
  return {
    farm,
    windowId,
    carrots,
    honey,
    bread,
    shopper,
    subscription,
    date,
    slot,
    orderId: row.orderId as string,
    call,
  };
}

describe('changing a made delivery before its cutoff', () => {
  it('adds a loaf at its price and swaps the honey for the large jar; the pick list and the charge follow', async () => {
    const d = await madeDelivery();
    const view = await d.call('GET');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      kind: 'fixed',
      subtotal: 11,
      discount: 1.1,
      total: 9.9,
      changeableUntil: d.slot.closesAt.toISOString(),
      order: { number: expect.stringMatching(/^FS-/) },
    });
    expect(view.json().lines.map((l: { name: string; part: string }) => [l.name, l.part])).toEqual([
      ['Carrots', 'plan'],
      ['Honey — Small jar', 'plan'],
    ]);
    expect(
      view
        .json()
        .swapChoices.map((c: { label: string | null }) => c.label)
        .sort(),
    ).toEqual(['Large jar', 'Small jar', null]);
    expect(view.json().addChoices.map((c: { name: string }) => c.name)).toContain('Sourdough loaf');

    const added = await d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    // A one-off at its own price, no plan discount: $11.00 + $6.00, less 10% of the plan's $11.00.
    expect(added.json()).toMatchObject({ subtotal: 17, discount: 1.1, total: 15.9 });
    expect(added.json().lines.at(-1)).toMatchObject({ name: 'Sourdough loaf', part: 'extra', total: 6 });
    expect(await stockOf(d.bread.optionIds[0])).toBe(4);

    const honeyLine = added.json().lines.find((l: { name: string }) => l.name.startsWith('Honey')).id;
    const swapped = await d.call('PUT', `/lines/${honeyLine}`, { optionId: d.honey.optionIds[1] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    // The large jar at $9.00: the plan's part is $15.00 less 10%, plus the loaf: $13.50 + $6.00.
    expect(swapped.json()).toMatchObject({ subtotal: 21, discount: 1.5, total: 19.5 });
    expect(swapped.json().lines.find((l: { id: string }) => l.id === honeyLine)).toMatchObject({
      name: 'Honey — Large jar',
      part: 'plan',
      total: 9,
    });
    expect(await stockOf(d.honey.optionIds[0])).toBe(20);
    expect(await stockOf(d.honey.optionIds[1])).toBe(19);

    // The farm's order (its pick list's source) has the loaf and the large jar.
    const part = await vendorPart(t, d.farm, d.orderId);
    expect(part.lines.map((l) => l.itemName).sort()).toEqual(['Carrots', 'Honey — Large jar', 'Sourdough loaf']);

    // The order's page (its invoice) says the same to the cent.
    const invoice = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/invoice/${swapped.json().order.paymentId}`,
          headers: d.shopper.auth,
        })
      ).json();
    expect(await invoice()).toMatchObject({ subtotal: 21, discount: 1.5, deliveryFee: 0, grandTotal: 19.5 });
    expect((await invoice()).items.map((i: { name: string; totalAmount: number }) => [i.name, i.totalAmount])).toEqual(
      expect.arrayContaining([
        ['Carrots', 6],
        ['Honey — Large jar', 9],
        ['Sourdough loaf', 6],
      ]),
    );

    // The shopper's subscription still says the delivery is ordered, changeable until the cutoff.
    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: d.shopper.auth });
    expect(mine.json()[0].coming[0]).toMatchObject({
      state: 'ordered',
      changeableUntil: d.slot.closesAt.toISOString(),
    });

    // At the cutoff the charge takes the order's total as it stands: $19.50.
    now = minutes(d.slot.closesAt, 1);
    await runAt(t, provider.provider, minutes(d.slot.closesAt, 1));
    expect((await deliveryOf(t, d.subscription.id, d.date)).status).toBe('charged');
    const [paid] = await t.db
      .select({ price: customerPayments.priceCents, transactionId: customerPayments.transactionId })
      .from(orders)
      .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
      .where(eq(orders.id, d.orderId));
    expect(paid.price).toBe(1950);
    const [intent] = await t.db
      .select({ amount: sandboxPaymentIntents.amountCents })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paid.transactionId));
    expect(intent.amount).toBe(1950);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, d.orderId));
    expect(lines.reduce((sum, l) => sum + l.totalCents, 0) - 150).toBe(1950);
    expect(await invoice()).toMatchObject({ grandTotal: 19.5 });

    const late = await d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(CHANGE_MESSAGES.closed);
  });

  it('takes an added product out again, and refuses what the plan’s rules do not allow, each with its reason', async () => {
    const d = await madeDelivery();
    const added = await d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 2 });
    expect(added.json()).toMatchObject({ total: 21.9 });
    const loaf = added.json().lines.find((l: { part: string }) => l.part === 'extra').id;
    const carrots = added.json().lines.find((l: { name: string }) => l.name === 'Carrots').id;

    const refused = async (response: Promise<{ statusCode: number; json: () => { error: { message: string } } }>) => {
      const answer = await response;
      return [answer.statusCode, answer.json().error.message];
    };
    const other = await farmWithWindow(t, { name: 'Other Farm' });
    const theirs = await createProduct(t, other.farm, { name: 'Cheese', priceCents: 700 });
    expect(await refused(d.call('POST', '/lines', { optionId: theirs.optionIds[0], quantity: 1 }))).toEqual([
      409,
      CHANGE_MESSAGES.otherShop,
    ]);
    expect(await refused(d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 4 }))).toEqual([
      409,
      CHANGE_MESSAGES.outOfStock,
    ]);
    expect(await refused(d.call('PUT', `/lines/${carrots}`, { optionId: d.bread.optionIds[0] }))).toEqual([
      409,
      CHANGE_MESSAGES.notSwapOption,
    ]);
    expect(await refused(d.call('PUT', `/lines/${loaf}`, { optionId: d.honey.optionIds[1] }))).toEqual([
      409,
      CHANGE_MESSAGES.notPlanLine,
    ]);
    expect(await refused(d.call('DELETE', `/lines/${carrots}`))).toEqual([409, CHANGE_MESSAGES.notExtra]);
    const stranger = await createUser(t);
    expect((await d.call('GET', '', undefined, stranger)).statusCode).toBe(404);
    expect((await d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 1 }, stranger)).statusCode).toBe(
      404,
    );

    const removed = await d.call('DELETE', `/lines/${loaf}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ subtotal: 11, discount: 1.1, total: 9.9 });
    expect(removed.json().lines).toHaveLength(2);
    expect(await stockOf(d.bread.optionIds[0])).toBe(5);
  });

  it('is closed at the cutoff even while the charge holds its claim on the delivery', async () => {
    const d = await madeDelivery();
    // A charge that claimed the delivery at the cutoff pushes its next attempt a few minutes ahead.
    await t.db
      .update(subscriptionDeliveries)
      .set({ nextAttemptAt: minutes(d.slot.closesAt, 5) })
      .where(eq(subscriptionDeliveries.orderId, d.orderId));
    now = minutes(d.slot.closesAt, 1);
    const late = await d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 1 });
    expect([late.statusCode, late.json().error.message]).toEqual([409, CHANGE_MESSAGES.closed]);
    expect((await d.call('GET')).json().changeableUntil).toBeNull();
  });

  it('holds an added weighed product for its estimate plus the margin at the cutoff, as checkout does', async () => {
    const d = await madeDelivery();
    const beef = await weighedProduct(t, d.farm, { pricePerKgCents: 2000, gramsPerPiece: 500, name: 'Brisket' });
    const added = await d.call('POST', '/lines', { optionId: beef.optionIds[0], quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    // 500 g at $20.00/kg = $10.00 estimated, no plan discount on it: $9.90 + $10.00.
    expect(added.json()).toMatchObject({ subtotal: 21, discount: 1.1, total: 19.9 });
    now = minutes(d.slot.closesAt, 1);
    await runAt(t, provider.provider, minutes(d.slot.closesAt, 1));
    expect((await deliveryOf(t, d.subscription.id, d.date)).status).toBe('charged');
    const [paid] = await t.db
      .select({ transactionId: customerPayments.transactionId })
      .from(orders)
      .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
      .where(eq(orders.id, d.orderId));
    const [intent] = await t.db
      .select({ amount: sandboxPaymentIntents.amountCents, capture: sandboxPaymentIntents.captureMethod })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paid.transactionId));
    // The card is held for the estimate plus the hold margin on the weighed line, less the plan's $1.10.
    expect(intent).toEqual({
      amount:
        heldGoods(
          [
            { totalCents: 1100, soldByWeight: false, taxBps: 0 },
            { totalCents: 1000, soldByWeight: true, taxBps: 0 },
          ],
          110,
          false,
        ).subtotalCents - 110,
      capture: 'manual',
    });
  });

  it('refuses to swap a box’s contents (the farm fills it) but adds to it', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const jam = await createProduct(t, farm, { name: 'Jam', priceCents: 450, stock: 3 });
    const planId = await createPlan(t, farm, {
      name: 'Veg box',
      kind: 'box',
      boxValue: 25,
      boxContents: 'Greens',
      windowIds: [windowId],
    });
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    await runAt(t, provider.provider, minutes(slot.orderFrom, 1));
    now = minutes(slot.orderFrom, 10);
    const url = `/api/subscriptions/${subscription.id}/deliveries/${date}`;
    const view = await t.app.inject({ method: 'GET', url, headers: shopper.auth });
    expect(view.json()).toMatchObject({ kind: 'box', total: 25, swapChoices: [] });
    const box = view.json().lines[0].id;
    const swap = await t.app.inject({
      method: 'PUT',
      url: `${url}/lines/${box}`,
      headers: shopper.auth,
      payload: { optionId: jam.optionIds[0] },
    });
    expect([swap.statusCode, swap.json().error.message]).toEqual([409, CHANGE_MESSAGES.box]);
    const added = await t.app.inject({
      method: 'POST',
      url: `${url}/lines`,
      headers: shopper.auth,
      payload: { optionId: jam.optionIds[0], quantity: 1 },
    });
    expect(added.json()).toMatchObject({ subtotal: 29.5, discount: 0, total: 29.5 });
  });
});

describe('skipping a made delivery', () => {
  it('cancels its unpaid order (stock and place back), is never made or charged, and cannot be unskipped', async () => {
    const d = await madeDelivery();
    await d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 1 });
    const skip = (method: 'PUT' | 'DELETE') =>
      t.app.inject({
        method,
        url: `/api/subscriptions/${d.subscription.id}/skips/${d.date}`,
        headers: d.shopper.auth,
      });
    const skipped = await skip('PUT');
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().coming[0]).toMatchObject({ date: d.date, state: 'skipped', changeableUntil: null });
    expect((await skip('PUT')).statusCode).toBe(200);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, d.orderId));
    expect(lines.map((l) => l.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await stockOf(d.carrots.optionIds[0])).toBe(50);
    expect(await stockOf(d.bread.optionIds[0])).toBe(5);
    expect(
      await t.db
        .select()
        .from(slotBookings)
        .where(and(eq(slotBookings.orderId, d.orderId), isNull(slotBookings.cancelledAt))),
    ).toHaveLength(0);

    const unskip = await skip('DELETE');
    expect([unskip.statusCode, unskip.json().error.message]).toEqual([
      409,
      'That delivery’s order was cancelled when you skipped it, so it cannot come back',
    ]);
    const changed = await d.call('POST', '/lines', { optionId: d.bread.optionIds[0], quantity: 1 });
    expect([changed.statusCode, changed.json().error.message]).toEqual([409, CHANGE_MESSAGES.orderGone]);

    provider.calls.length = 0;
    await runAt(t, provider.provider, minutes(d.slot.orderFrom, 20));
    await runAt(t, provider.provider, minutes(d.slot.closesAt, 1));
    expect(provider.calls.filter((key) => key.includes(d.subscription.id))).toEqual([]);
    expect(await deliveryOf(t, d.subscription.id, d.date)).toMatchObject({ status: 'skipped', orderId: d.orderId });
    expect(
      await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.subscriptionId, d.subscription.id))),
    ).toHaveLength(1);
  });

  it('is what cancelling its order on the order’s page does too', async () => {
    const d = await madeDelivery();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${d.orderId}/shops/${d.farm.id}/cancellation`,
      headers: d.shopper.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await deliveryOf(t, d.subscription.id, d.date)).toMatchObject({ status: 'skipped', nextAttemptAt: null });
    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: d.shopper.auth });
    expect(mine.json()[0].coming[0]).toMatchObject({ date: d.date, state: 'skipped', changeableUntil: null });
    provider.calls.length = 0;
    await runAt(t, provider.provider, minutes(d.slot.closesAt, 1));
    expect(provider.calls.filter((key) => key.includes(d.subscription.id))).toEqual([]);
    expect((await deliveryOf(t, d.subscription.id, d.date)).status).toBe('skipped');
  });
});

/** A farm whose plan serves Saturday mornings and Thursday evenings, and a Saturday subscriber whose order is made. */
async function twoTimes() {
  const { farm } = await farmWithWindow(t);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/shops/${farm.id}/fulfilment`,
    headers: farm.auth,
    payload: {
      timeZone: 'UTC',
      cutoffHours: 24,
      pickupPoints: [
        {
          name: 'Farm gate',
          address: '1 Orchard Lane',
          windows: [
            { weekday: 'saturday', start: '09:00', end: '12:00', capacity: 5 },
            { weekday: 'thursday', start: '16:00', end: '19:00', capacity: 5 },
          ],
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const [saturday, thursday] = saved.json().pickupPoints[0].windows.map((w: { id: string }) => w.id);
  const carrots = await createProduct(t, farm, { name: 'Carrots', priceCents: 300, stock: 50 });
  const planId = await createPlan(t, farm, {
    name: 'Roots',
    kind: 'fixed',
    items: [{ optionId: carrots.optionIds[0], quantity: 2 }],
    windowIds: [saturday, thursday],
  });
  const date = nextWeekday(SATURDAY);
  const { shopper, subscription } = await subscribe(t, planId, saturday, date);
  const slot = await slotTimes(t, saturday, date);
  await runAt(t, provider.provider, minutes(slot.orderFrom, 1));
  now = minutes(slot.orderFrom, 10);
  const thursdayDate = Temporal.PlainDate.from(date).subtract({ days: 2 }).toString();
  return { farm, saturday, thursday, shopper, subscription, date, slot, thursdayDate };
}

describe('moving a made delivery to another of the plan’s times', () => {
  it('books the new slot, frees the old, and charges at the new cutoff; another time is refused', async () => {
    const { farm, thursday, shopper, subscription, date, thursdayDate } = await twoTimes();
    const url = `/api/subscriptions/${subscription.id}/deliveries/${date}`;
    const view = await t.app.inject({ method: 'GET', url, headers: shopper.auth });
    expect(view.json().windowChoices).toEqual([
      { windowId: thursday, date: thursdayDate, slot: expect.stringMatching(/^Thu \d+ \w+, 16:00–19:00$/) },
    ]);

    const move = (windowId: string) =>
      t.app.inject({ method: 'PUT', url: `${url}/window`, headers: shopper.auth, payload: { windowId } });
    const moved = await move(thursday);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().slot).toMatch(/^Thu \d+ \w+, 16:00–19:00$/);
    const thursdaySlot = await slotTimes(t, thursday, thursdayDate);
    expect(await deliveryOf(t, subscription.id, date)).toMatchObject({
      windowId: thursday,
      nextAttemptAt: thursdaySlot.closesAt,
    });
    const orderId = (await deliveryOf(t, subscription.id, date)).orderId as string;
    const booked = await t.db
      .select({ windowId: slotBookings.windowId, date: slotBookings.date })
      .from(slotBookings)
      .where(and(eq(slotBookings.orderId, orderId), isNull(slotBookings.cancelledAt)));
    expect(booked).toEqual([{ windowId: thursday, date: thursdayDate }]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: shopper.auth });
    expect(mine.json()[0].coming[0]).toMatchObject({
      date,
      state: 'ordered',
      slot: expect.stringMatching(/^Thu /),
      changeableUntil: thursdaySlot.closesAt.toISOString(),
    });

    // The farm's roster lists it on Thursday, at Thursday's time.
    const roster = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${farm.id}/subscription-roster?from=${thursdayDate}`,
      headers: farm.auth,
    });
    const listed = roster
      .json()
      .plans[0].deliveries.filter((r: { subscribers: { subscriptionId: string }[] }) =>
        r.subscribers.some((one) => one.subscriptionId === subscription.id),
      );
    expect(listed.map((r: { date: string; windowId: string }) => [r.date, r.windowId])).toEqual([
      [thursdayDate, thursday],
    ]);

    expect([(await move(thursday)).statusCode, (await move(thursday)).json().error.message]).toEqual([
      409,
      CHANGE_MESSAGES.sameTime,
    ]);
    const other = await farmWithWindow(t, { name: 'Other Farm' });
    expect((await move(other.windowId)).json().error.message).toBe(CHANGE_MESSAGES.notPlanTime);

    now = minutes(thursdaySlot.closesAt, 1);
    // Thursday's cutoff has passed (Saturday's has not): the delivery can no longer be skipped.
    const skip = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${subscription.id}/skips/${date}`,
      headers: shopper.auth,
    });
    expect([skip.statusCode, skip.json().error.message]).toEqual([
      409,
      'Ordering for that delivery has closed: it can no longer be changed',
    ]);
    await runAt(t, provider.provider, minutes(thursdaySlot.closesAt, 1));
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('charged');
  });

  it('follows a move made on the order’s page: the delivery is charged at the new slot’s cutoff', async () => {
    const { farm, thursday, shopper, subscription, date, thursdayDate } = await twoTimes();
    const orderId = (await deliveryOf(t, subscription.id, date)).orderId as string;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/shops/${farm.id}/slot`,
      headers: shopper.auth,
      payload: { slotId: encodeSlotId(thursday, thursdayDate) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The order's page moves a subscription delivery only to the plan's times in its own week, as the panel does.
    const nextWeek = Temporal.PlainDate.from(thursdayDate).add({ days: 7 }).toString();
    const away = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/shops/${farm.id}/slot`,
      headers: shopper.auth,
      payload: { slotId: encodeSlotId(thursday, nextWeek) },
    });
    expect([away.statusCode, away.json().error.message]).toEqual([409, CHANGE_MESSAGES.notPlanTime]);
    const thursdaySlot = await slotTimes(t, thursday, thursdayDate);
    expect(await deliveryOf(t, subscription.id, date)).toMatchObject({
      status: 'ordered',
      windowId: thursday,
      nextAttemptAt: thursdaySlot.closesAt,
    });
  });
});
