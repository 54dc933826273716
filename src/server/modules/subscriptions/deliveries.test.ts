import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createProduct, createUser } from '../../test/factories.ts';
import { productOptions, products } from '../catalog/tables.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import { vendorPart, weigh, weighedProduct } from '../orders/weighed-fixtures.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { captures, paymentIntents, sandboxPaymentIntents, sandboxSetupIntents, transfers } from '../payments/tables.ts';
import { slotBookings, windowCancellations } from '../slots/tables.ts';
import {
  type CardAnswer,
  createPlan,
  deliveryOf,
  farmWithWindow,
  fixedPlan,
  minutes,
  nextWeekday,
  runAt,
  scriptedCards,
  slotTimes,
  subscribe,
} from './delivery-fixtures.ts';
import { subscriptionBoxContents, subscriptionDeliveries, subscriptionPlanItems, subscriptions } from './tables.ts';

/** The subscriptions' delivery job (issue 37 items 3 and 6, decision 068): orders made ahead, charged at the cutoff. */
const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
const SATURDAY = 6;
beforeAll(async () => {
  sandbox = createSandboxProvider(t.db);
});

const cards = (answer: CardAnswer | ((metadata: Record<string, string>) => CardAnswer) = 'ok') =>
  scriptedCards(sandbox, typeof answer === 'function' ? answer : () => answer);

const orderOf = async (orderId: string) => {
  const [order] = await t.db
    .select({ order: orders, payment: customerPayments })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return { ...order, lines };
};

async function weighOnlyLine(farm: Parameters<typeof vendorPart>[1], orderId: string, name: string, grams: number) {
  const line = (await vendorPart(t, farm, orderId)).lines.find((l) => l.itemName === name);
  const weighed = await weigh(t, farm, orderId, line?._id ?? '', grams);
  expect(weighed.statusCode, weighed.body).toBe(200);
}

/** A fixed plan (2 carrots, 1 kale, 10% off) over these windows of the farm. */
async function fixedPlanOver(farm: Awaited<ReturnType<typeof createUser>>, windowIds: string[]) {
  const carrots = await createProduct(t, farm, { name: 'Carrots', priceCents: 300, stock: 50 });
  const planId = await createPlan(t, farm, {
    name: 'Veg share',
    kind: 'fixed',
    items: [{ optionId: carrots.optionIds[0], quantity: 2 }],
    discountPercent: 10,
    windowIds,
  });
  return { planId };
}

const callsOf = (calls: string[], subscriptionId: string) =>
  calls.filter((key) => key.startsWith(`subscription:${subscriptionId}:`));

const stockOf = async (productId: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0].stock;

const noticesTo = async (userId: string) =>
  (
    await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, userId), eq(notificationOutbox.channel, 'in_app')))
  ).map((row) => row.payload as { kind: string; event?: string; items?: string[] });

describe('a fixed plan subscriber’s week', () => {
  it('makes the order once, lead days before the cutoff, and charges it at the cutoff', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId, carrots } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider, calls } = cards();

    await runAt(t, provider, minutes(slot.orderFrom, -1));
    expect(await deliveryOf(t, subscription.id, date)).toBeUndefined();
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    await runAt(t, provider, minutes(slot.orderFrom, 2));
    expect(await t.db.select().from(orders).where(eq(orders.subscriptionId, subscription.id))).toHaveLength(1);
    const delivery = await deliveryOf(t, subscription.id, date);
    expect(delivery).toMatchObject({ status: 'ordered', nextAttemptAt: slot.closesAt });
    const made = await orderOf(delivery.orderId as string);
    // 2 × $3.00 + 1 × $4.50 = $10.50, less 10% = $9.45 (no tax set).
    expect(made.order.subscriptionId).toBe(subscription.id);
    expect(made.payment).toMatchObject({ subtotalCents: 1050, discountCents: 105, priceCents: 945 });
    expect(made.lines.map((l) => [l.itemName, l.amount]).sort()).toEqual([
      ['Carrots', 2],
      ['Kale', 1],
    ]);
    expect(await stockOf(carrots.id)).toBe(48);
    expect(
      await t.db
        .select()
        .from(slotBookings)
        .where(eq(slotBookings.orderId, delivery.orderId as string)),
    ).toHaveLength(1);
    expect((await noticesTo(shopper.id)).map((n) => n.event)).toContain('ordered');

    // Not charged before the cutoff; charged at it, once.
    await runAt(t, provider, minutes(slot.closesAt, -1));
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('ordered');
    await runAt(t, provider, minutes(slot.closesAt, 1));
    await runAt(t, provider, minutes(slot.closesAt, 2));
    expect(await deliveryOf(t, subscription.id, date)).toMatchObject({ status: 'charged', nextAttemptAt: null });
    expect(callsOf(calls, subscription.id)).toHaveLength(1);
    const charged = await orderOf(delivery.orderId as string);
    const [intent] = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, charged.payment.transactionId));
    expect(intent).toMatchObject({ status: 'settled', amountCents: 945, userId: shopper.id });
    expect((await noticesTo(shopper.id)).map((n) => n.kind)).toContain('order_placed');

    // Delivered like any order: the farm is paid its share.
    for (const status of ['ready', 'delivered']) {
      const moved = await moveOrder(t, farm, delivery.orderId as string, status);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [paid] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.orderId, delivery.orderId as string));
    expect(paid).toMatchObject({ goodsCents: 945, amountCents: 945 - paid.commissionCents, status: 'succeeded' });
  });

  it('skips the vacation, says so for a holiday, and fills what stock there is', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId, carrots, kale } = await fixedPlan(t, farm, windowId, 1);
    const first = nextWeekday(SATURDAY);
    const week = (n: number) => {
      const d = new Date(`${first}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 7 * n);
      return d.toISOString().slice(0, 10);
    };
    const { subscription } = await subscribe(t, planId, windowId, first);
    await t.db
      .update(subscriptions)
      .set({ pausedFrom: first, pausedUntil: first })
      .where(eq(subscriptions.id, subscription.id));
    await t.db.insert(windowCancellations).values({ windowId, date: week(1), reason: 'Harvest festival' });
    // The kale is no longer sold: it is left out; one carrot of two is in stock.
    await t.db.update(productOptions).set({ listed: false }).where(eq(productOptions.id, kale.optionIds[0]));
    const { provider } = cards();
    for (const n of [0, 1, 2]) {
      const slot = await slotTimes(t, windowId, week(n));
      await runAt(t, provider, minutes(slot.orderFrom, 1));
    }
    expect((await deliveryOf(t, subscription.id, week(0))).status).toBe('skipped');
    expect((await deliveryOf(t, subscription.id, week(1))).status).toBe('holiday');
    const third = await deliveryOf(t, subscription.id, week(2));
    expect(third.status).toBe('ordered');
    const made = await orderOf(third.orderId as string);
    expect(made.lines.map((l) => [l.itemName, l.amount])).toEqual([['Carrots', 1]]);
    expect(made.payment).toMatchObject({ subtotalCents: 300, discountCents: 30, priceCents: 270 });

    const toShop = (await noticesTo(farm.id)).filter((n) => n.kind === 'subscription_delivery');
    const toShopper = (await noticesTo(subscription.userId)).filter((n) => n.kind === 'subscription_delivery');
    for (const told of [toShop, toShopper]) {
      expect(told.map((n) => n.event)).toEqual(expect.arrayContaining(['holiday', 'short', 'discontinued']));
      expect(told.find((n) => n.event === 'short')?.items).toEqual(['Carrots ×1 of 2']);
      expect(told.find((n) => n.event === 'discontinued')?.items).toEqual(['Kale']);
    }
    void carrots;
  });

  it('moves a delivery the farm closed to another of the plan’s times at the same place, when one is open', async () => {
    const farm = await createUser(t, { role: 'vendor', name: 'Two Day Farm' });
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
              { weekday: 'tuesday', start: '15:00', end: '18:00', capacity: 5 },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [saturday, tuesday] = saved.json().pickupPoints[0].windows.map((w: { id: string }) => w.id);
    const { planId } = await fixedPlanOver(farm, [saturday, tuesday]);
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, saturday, date);
    await t.db.insert(windowCancellations).values({ windowId: saturday, date, reason: 'Harvest festival' });
    const slot = await slotTimes(t, saturday, date);
    await runAt(t, cards().provider, minutes(slot.orderFrom, 1));

    const after = new Date(`${date}T12:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 3);
    const tuesdayAfter = after.toISOString().slice(0, 10);
    expect(await deliveryOf(t, subscription.id, date)).toMatchObject({ status: 'holiday', movedTo: tuesdayAfter });
    const moved = await deliveryOf(t, subscription.id, tuesdayAfter);
    expect(moved).toMatchObject({ status: 'ordered', windowId: tuesday });
    const [booked] = await t.db
      .select()
      .from(slotBookings)
      .where(eq(slotBookings.orderId, moved.orderId as string));
    expect(booked).toMatchObject({ windowId: tuesday, date: tuesdayAfter });
    const told = (await noticesTo(shopper.id)).find((n) => n.event === 'holiday') as { movedTo?: string };
    expect(told.movedTo).toBe(tuesdayAfter);
    // The moved order is charged at its own cutoff.
    const movedSlot = await slotTimes(t, tuesday, tuesdayAfter);
    await runAt(t, cards().provider, movedSlot.closesAt);
    expect((await deliveryOf(t, subscription.id, tuesdayAfter)).status).toBe('charged');
  });

  it('prices a box at its value less the discount, with this week’s contents for the packing slip', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const planId = await createPlan(t, farm, {
      name: 'Weekly box',
      kind: 'box',
      boxValue: 32,
      boxContents: 'Seasonal vegetables',
      discountPercent: 10,
      windowIds: [windowId],
    });
    const date = nextWeekday(SATURDAY);
    await t.db.insert(subscriptionBoxContents).values({ planId, deliveryOn: date, contents: 'Leeks, squash, kale' });
    const { subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    await runAt(t, cards().provider, minutes(slot.orderFrom, 1));
    const made = await orderOf((await deliveryOf(t, subscription.id, date)).orderId as string);
    expect(made.payment).toMatchObject({ subtotalCents: 3200, discountCents: 320, priceCents: 2880 });
    expect(made.lines).toMatchObject([{ itemName: 'Weekly box', amount: 1, productId: null }]);
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${farm.id}/booked-slots`,
      headers: farm.auth,
      query: { from: date, to: date },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().slots[0].items[0].fulfilment.note).toBe("This week's box: Leeks, squash, kale");
  });
});

describe('weighed goods in a plan', () => {
  it('holds the estimate plus the margin at the cutoff and captures the weighed price, as checkout does', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId } = await fixedPlan(t, farm, windowId);
    // Plans refuse weighed options today (decision 065); a list that holds one is charged as checkout holds them.
    const squash = await weighedProduct(t, farm, { pricePerKgCents: 400, gramsPerPiece: 1000, name: 'Squash' });
    await t.db
      .insert(subscriptionPlanItems)
      .values({ planId, optionId: squash.optionIds[0], quantity: 1, position: 2 });
    const date = nextWeekday(SATURDAY);
    const { subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider } = cards();
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    await runAt(t, provider, slot.closesAt);
    const { orderId, status } = await deliveryOf(t, subscription.id, date);
    expect(status).toBe('charged');
    const made = await orderOf(orderId as string);
    // Goods $10.50 + $4.00 estimated, less 10% ($1.45, fixed as a coupon is): $13.05; the hold adds 10% to the squash.
    expect(made.payment.priceCents).toBe(1305);
    const [held] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, made.payment.transactionId));
    expect(held).toMatchObject({ status: 'requires_capture', amountCents: 1345 });
    await weighOnlyLine(farm, orderId as string, 'Squash', 900);
    for (const step of ['ready', 'delivered'])
      expect((await moveOrder(t, farm, orderId as string, step)).statusCode).toBe(200);
    const [captured] = await t.db
      .select()
      .from(captures)
      .where(eq(captures.orderId, orderId as string));
    // $10.50 + 900 g at $4.00/kg = $14.10, less the $1.45 discount = $12.65.
    expect(captured).toMatchObject({ amountCents: 1265, status: 'succeeded' });
  });
});

describe('charges that fail', () => {
  it('retries after 1 h and 6 h, then cancels the order, pauses the subscription and tells the shop', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId, carrots } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider, calls } = cards('card_declined');
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    const { orderId } = await deliveryOf(t, subscription.id, date);

    await runAt(t, provider, slot.closesAt);
    expect(await deliveryOf(t, subscription.id, date)).toMatchObject({
      status: 'charge_failed',
      attempts: 1,
      nextAttemptAt: minutes(slot.closesAt, 60),
    });
    await runAt(t, provider, minutes(slot.closesAt, 59));
    expect((await deliveryOf(t, subscription.id, date)).attempts).toBe(1);
    await runAt(t, provider, minutes(slot.closesAt, 60));
    expect((await deliveryOf(t, subscription.id, date)).nextAttemptAt).toEqual(minutes(slot.closesAt, 60 + 360));
    await runAt(t, provider, minutes(slot.closesAt, 420));
    const mine = callsOf(calls, subscription.id);
    expect(mine).toHaveLength(3);
    expect(new Set(mine).size).toBe(3);

    expect(await deliveryOf(t, subscription.id, date)).toMatchObject({ status: 'abandoned', attempts: 3 });
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after).toMatchObject({ status: 'payment_failed', failedCharges: 3 });
    const cancelled = await orderOf(orderId as string);
    expect(cancelled.order.status).toBe('cancelled');
    expect(cancelled.lines.every((l) => l.status === 'cancelled')).toBe(true);
    expect(await stockOf(carrots.id)).toBe(50);
    expect((await noticesTo(shopper.id)).filter((n) => n.kind === 'subscription_delivery').map((n) => n.event)).toEqual(
      ['ordered', 'charge_failed', 'charge_failed', 'abandoned'],
    );
    expect((await noticesTo(farm.id)).map((n) => n.event)).toContain('abandoned');
    // A paused subscription gets no more orders.
    const next = await slotTimes(t, windowId, nextWeekday(SATURDAY, 14));
    await runAt(t, provider, minutes(next.orderFrom, 1));
    expect(
      await t.db
        .select()
        .from(subscriptionDeliveries)
        .where(eq(subscriptionDeliveries.subscriptionId, subscription.id)),
    ).toHaveLength(1);
  });

  it('asks the shopper to authenticate, and an expired card is told as such', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const one = await subscribe(t, planId, windowId, date);
    const two = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider } = cards((meta) =>
      meta.subscriptionId === one.subscription.id ? 'authentication_required' : 'expired_card',
    );
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    await runAt(t, provider, slot.closesAt);
    const [first] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, one.subscription.id));
    expect(first.cardState).toBe('requires_action');
    expect((await deliveryOf(t, two.subscription.id, date)).lastError).toBe('Refused: expired_card');
  });
});

describe('edge cases', () => {
  it('charges a card saved through the sandbox, and tells its shopper once it has expired', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const saveCardAndSubscribe = async () => {
      const shopper = await createUser(t);
      const setup = await t.app.inject({ method: 'POST', url: '/api/subscriptions/card-setup', headers: shopper.auth });
      expect(setup.statusCode, setup.body).toBe(201);
      const { setupIntentId, clientSecret } = setup.json();
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm-setup',
        headers: shopper.auth,
        payload: { setupIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        headers: shopper.auth,
        payload: { planId, windowId, startsOn: date, setupIntentId },
      });
      expect(made.statusCode, made.body).toBe(201);
      return { shopper, id: made.json().id as string, setupIntentId };
    };
    const good = await saveCardAndSubscribe();
    const expiring = await saveCardAndSubscribe();
    // The card saved in good time has passed its expiry by the cutoff.
    await t.db
      .update(sandboxSetupIntents)
      .set({ cardExpMonth: 1, cardExpYear: 2020 })
      .where(eq(sandboxSetupIntents.id, expiring.setupIntentId));
    const slot = await slotTimes(t, windowId, date);
    await runAt(t, sandbox, minutes(slot.orderFrom, 1));
    await runAt(t, sandbox, slot.closesAt);
    expect((await deliveryOf(t, good.id, date)).status).toBe('charged');
    expect(await deliveryOf(t, expiring.id, date)).toMatchObject({
      status: 'charge_failed',
      lastError: 'Your card has expired.',
    });
    const told = (await noticesTo(expiring.shopper.id)).filter((n) => n.event === 'charge_failed');
    expect(told).toHaveLength(1);
  });

  it('makes exactly one order per subscription and date when three servers run the job at once', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const subscribers = await Promise.all([0, 1, 2, 3].map(() => subscribe(t, planId, windowId, date)));
    const slot = await slotTimes(t, windowId, date);
    const { provider, calls } = cards();
    await Promise.all([1, 2, 3].map(() => runAt(t, provider, minutes(slot.orderFrom, 1))));
    const ids = subscribers.map((s) => s.subscription.id);
    const made = await t.db.select().from(orders).where(inArray(orders.subscriptionId, ids));
    expect(made).toHaveLength(4);
    await Promise.all([1, 2, 3].map(() => runAt(t, provider, minutes(slot.closesAt, 1))));
    for (const id of ids) {
      expect((await deliveryOf(t, id, date)).status).toBe('charged');
      expect(callsOf(calls, id)).toHaveLength(1);
    }
  });

  it('settles a charge made just before a crash on the next run, with the same key', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    let crash = true;
    const { provider, calls } = cards(() => (crash ? 'crash_after' : 'ok'));
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    await runAt(t, provider, slot.closesAt);
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('ordered');
    crash = false;
    // Claimed for 5 minutes by the process that stopped; then the same key answers the same charge.
    await runAt(t, provider, minutes(slot.closesAt, 4));
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('ordered');
    await runAt(t, provider, minutes(slot.closesAt, 6));
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('charged');
    const mine = callsOf(calls, subscription.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toBe(mine[1]);
    const { orderId } = await deliveryOf(t, subscription.id, date);
    const made = await orderOf(orderId as string);
    const intents = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, made.payment.transactionId));
    expect(intents).toHaveLength(1);
  });

  it('counts the lead days and the cutoff in the shop’s zone across a clock change', async () => {
    // Los Angeles moves its clocks forward on Sunday 14 March 2027: the slot is Tuesday 16 March 09:00 PDT (16:00Z),
    // its cutoff Monday 09:00 PDT (16:00Z), its order due Friday 12 March 09:00 PST (17:00Z).
    const { farm, windowId } = await farmWithWindow(t, { timeZone: 'America/Los_Angeles', weekday: 'tuesday' });
    const { planId } = await fixedPlan(t, farm, windowId);
    const { subscription } = await subscribe(t, planId, windowId, '2027-03-16');
    const { provider } = cards();
    await runAt(t, provider, new Date('2027-03-12T16:59:00Z'));
    expect(await deliveryOf(t, subscription.id, '2027-03-16')).toBeUndefined();
    await runAt(t, provider, new Date('2027-03-12T17:00:00Z'));
    expect(await deliveryOf(t, subscription.id, '2027-03-16')).toMatchObject({
      status: 'ordered',
      slotStart: new Date('2027-03-16T16:00:00Z'),
      nextAttemptAt: new Date('2027-03-15T16:00:00Z'),
    });
    await runAt(t, provider, new Date('2027-03-15T15:59:00Z'));
    expect((await deliveryOf(t, subscription.id, '2027-03-16')).status).toBe('ordered');
    await runAt(t, provider, new Date('2027-03-15T16:00:00Z'));
    expect((await deliveryOf(t, subscription.id, '2027-03-16')).status).toBe('charged');
  });

  it('keeps the orders made when the farm ends its plan, makes no more, and tells the subscribers', async () => {
    const { farm, windowId } = await farmWithWindow(t);
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider } = cards();
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${farm.id}/subscription-plans/${planId}/end`,
      headers: farm.auth,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await noticesTo(shopper.id)).map((n) => n.event)).toContain('plan_ended');
    await runAt(t, provider, slot.closesAt);
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('charged');
    const next = nextWeekday(SATURDAY, 14);
    await runAt(t, provider, minutes((await slotTimes(t, windowId, next)).orderFrom, 1));
    expect(await deliveryOf(t, subscription.id, next)).toBeUndefined();
  });
});
