import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createProduct } from '../../test/factories.ts';
import { createUser } from '../../test/users.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import { orderLines } from '../orders/tables.ts';
import { orderLedger, seasonCharge, sumCents } from '../payments/ledger-fixtures.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { refunds } from '../payments/tables.ts';
import {
  type CardAnswer,
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
import { seasonSchedule, takeSeasonPayment } from './season-payments.ts';
import { subscriptionPayments } from './tables.ts';

/**
 * A season paid in installments (issue 37 items 1, 3, 4 and 5; decision 070): each delivery's order draws its share of
 * the payment that covers it, a later payment is taken at its first delivery's cutoff (declined, tried again; a crash
 * after the charge records it once), what a payment's deliveries did not draw (a skip, a cancel) is given back once
 * none of them can draw any more, and every order balances to the cent, as any order's does.
 */
const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
beforeAll(() => {
  sandbox = createSandboxProvider(t.db);
});

const day = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();

async function paymentsOf(subscriptionId: string) {
  return t.db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, subscriptionId))
    .orderBy(subscriptionPayments.number);
}

describe('a season paid in installments', () => {
  it('draws each delivery from its payment, takes the next at its cutoff, gives back what was not drawn, and balances', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Season Farm' });
    const carrots = await createProduct(t, farm, { name: 'Carrots', priceCents: 300, stock: 50 });
    const kale = await createProduct(t, farm, { name: 'Kale', priceCents: 450, stock: 50 });
    // Four Saturdays; $80 in two payments: $40 for the first two, $40 for the last two, $20 a delivery.
    const first = nextWeekday(6);
    const planId = await createPlan(t, farm, {
      name: 'Summer share',
      kind: 'fixed',
      items: [
        { optionId: carrots.optionIds[0], quantity: 2 },
        { optionId: kale.optionIds[0], quantity: 1 },
      ],
      billing: 'installments',
      seasonPrice: 80,
      installments: 2,
      startsOn: first,
      endsOn: day(first, 21),
      windowIds: [windowId],
    });
    const { shopper, subscription } = await subscribe(t, planId, windowId, first);
    const dates = [0, 7, 14, 21].map((n) => day(first, n));
    await t.db.insert(subscriptionPayments).values(
      seasonSchedule(dates, 8000, 2, day(first, 21)).map((p, i) => ({
        ...p,
        subscriptionId: subscription.id,
        number: i + 1,
      })),
    );
    expect((await paymentsOf(subscription.id)).map((p) => [p.amountCents, p.coversFrom, p.coversUntil])).toEqual([
      [4000, dates[0], day(first, 13)],
      [4000, dates[2], dates[3]],
    ]);

    const second = `season:${subscription.id}:2`;
    const script = (_: Record<string, string>, key: string): CardAnswer =>
      key === `${second}:0` ? 'card_declined' : key === `${second}:1` ? 'crash_after' : 'ok';
    const { provider, calls } = scriptedCards(sandbox, script);
    expect(
      await takeSeasonPayment(t.db, provider, { subscriptionId: subscription.id, number: 1 }, new Date()),
    ).toMatchObject({ ok: true });

    // The first delivery: its order costs its share, and at the cutoff it draws it from the first payment.
    const slot0 = await slotTimes(t, windowId, dates[0]);
    await runAt(t, provider, minutes(slot0.orderFrom, 1));
    const made = await deliveryOf(t, subscription.id, dates[0]);
    expect(made).toMatchObject({ status: 'ordered', shareCents: 2000 });
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, made.orderId as string));
    expect(sumCents(lines.map((l) => ({ amountCents: l.totalCents })))).toBeLessThanOrEqual(2000);
    await runAt(t, provider, slot0.closesAt);
    expect(await deliveryOf(t, subscription.id, dates[0])).toMatchObject({ status: 'charged' });
    const firstOrder = made.orderId as string;
    const [paidFirst] = await paymentsOf(subscription.id);
    expect((await orderLedger(t, firstOrder)).payment).toMatchObject({
      amountCents: 2000,
      fundedBy: paidFirst.paymentIntentId,
    });

    // Delivered: the farm is paid its part out of the season's charge; a dollar given back goes to that charge.
    for (const status of ['ready', 'delivered'])
      expect((await moveOrder(t, farm, firstOrder, status)).statusCode).toBe(200);
    const admin = await createUser(t, { role: 'admin' });
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${firstOrder}/shops/${farm.id}/refunds`,
      headers: admin.auth,
      payload: { amount: 1 },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);

    // The second Saturday is skipped: once its cutoff passed, the first payment's run is over and its share given back.
    const skip = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${subscription.id}/skips/${dates[1]}`,
      headers: shopper.auth,
    });
    expect(skip.statusCode, skip.body).toBe(200);
    const slot1 = await slotTimes(t, windowId, dates[1]);
    await runAt(t, provider, minutes(slot1.closesAt, 1));
    const [closedFirst, open] = await paymentsOf(subscription.id);
    expect(closedFirst).toMatchObject({ refundedCents: 2000, status: 'paid' });
    expect(closedFirst.closedAt).not.toBeNull();
    expect(open).toMatchObject({ status: 'due', closedAt: null });

    // The third: the second payment is taken at its cutoff; refused once, then the process stops right after charging.
    const slot2 = await slotTimes(t, windowId, dates[2]);
    await runAt(t, provider, minutes(slot2.orderFrom, 1));
    await runAt(t, provider, slot2.closesAt);
    expect(await deliveryOf(t, subscription.id, dates[2])).toMatchObject({ status: 'charge_failed', attempts: 1 });
    expect((await paymentsOf(subscription.id))[1]).toMatchObject({ status: 'failed', attempts: 1 });
    await runAt(t, provider, minutes(slot2.closesAt, 60));
    expect(await deliveryOf(t, subscription.id, dates[2])).toMatchObject({ status: 'charge_failed' });
    await runAt(t, provider, minutes(slot2.closesAt, 66));
    expect(await deliveryOf(t, subscription.id, dates[2])).toMatchObject({ status: 'charged' });
    expect(calls.filter((key) => key.startsWith(second))).toEqual([`${second}:0`, `${second}:1`, `${second}:1`]);
    const [, paidSecond] = await paymentsOf(subscription.id);
    expect(paidSecond).toMatchObject({ status: 'paid', attempts: 1 });
    const thirdOrder = (await deliveryOf(t, subscription.id, dates[2])).orderId as string;

    // Cancelled now: the fourth is never made, and the second payment gives back its share once nothing can draw.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscription.id}/cancel`,
      headers: shopper.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runAt(t, provider, minutes(slot2.closesAt, 120));
    const [, closedSecond] = await paymentsOf(subscription.id);
    expect(closedSecond).toMatchObject({ refundedCents: 2000 });
    expect(closedSecond.closedAt).not.toBeNull();
    const listed = await t.app.inject({ url: '/api/subscriptions', headers: shopper.auth });
    expect(listed.json()[0].season).toMatchObject([
      { number: 1, state: 'paid', amount: 40, refunded: 20 },
      { number: 2, state: 'paid', amount: 40, refunded: 20 },
    ]);

    // The third still comes after the cancel (its order was made): delivered, the farm is paid its part.
    for (const status of ['ready', 'delivered'])
      expect((await moveOrder(t, farm, thirdOrder, status)).statusCode).toBe(200);

    // The shopper was told of each payment taken and of each given back, with the amount.
    const told = (
      await t.db
        .select({ payload: notificationOutbox.payload })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.userId, shopper.id), eq(notificationOutbox.channel, 'in_app')))
    ).map((row) => row.payload as { event?: string; amount?: number; deliveryOn?: string });
    expect(
      told
        .filter((n) => n.event === 'season_paid' || n.event === 'season_refunded')
        .map((n) => [n.event, n.amount, n.deliveryOn]),
    ).toEqual([
      ['season_paid', 40, dates[0]],
      ['season_refunded', 20, dates[0]],
      ['season_paid', 40, dates[2]],
      ['season_refunded', 20, dates[2]],
    ]);

    // Each order balances as any order does, sent to the farm out of the season's charge at the provider; each season
    // charge is its draws plus what was given back of it, and the provider refunded exactly that and its draws' refunds.
    for (const orderId of [firstOrder, thirdOrder]) {
      const ledger = await orderLedger(t, orderId);
      expect(ledger.balance, JSON.stringify(ledger)).toBe(ledger.payment.amountCents);
      expect(ledger.paidOut.map((row) => row.status)).toEqual(['succeeded']);
    }
    for (const payment of [closedFirst, paidSecond]) {
      const charge = await seasonCharge(t, payment.paymentIntentId as string);
      expect(charge.drawn + charge.own).toBe(charge.amountCents);
      expect(charge.remote.amountCents).toBe(charge.amountCents);
      expect(charge.remote.amountRefundedCents).toBe(charge.own + charge.drawRefunds);
    }
  });
});

describe('a season paid up front', () => {
  it('holds the plan’s items on each delivery, and gives back the undelivered part when the farm ends the plan', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Box Farm' });
    const first = nextWeekday(6);
    const planId = await createPlan(t, farm, {
      name: 'Season box',
      kind: 'box',
      boxValue: 25,
      boxContents: 'Greens\nRoots',
      billing: 'season',
      seasonPrice: 60,
      startsOn: first,
      endsOn: day(first, 14),
      windowIds: [windowId],
    });
    const honeyJar = await createProduct(t, farm, { name: 'Honey', priceCents: 900, stock: 5 });
    const { shopper, subscription } = await subscribe(t, planId, windowId, first);
    const dates = [0, 7, 14].map((n) => day(first, n));
    await t.db
      .insert(subscriptionPayments)
      .values(
        seasonSchedule(dates, 6000, 1, dates[2]).map((p) => ({ ...p, subscriptionId: subscription.id, number: 1 })),
      );
    const { provider } = scriptedCards(sandbox, () => 'ok');
    await takeSeasonPayment(t.db, provider, { subscriptionId: subscription.id, number: 1 }, new Date());

    const slot0 = await slotTimes(t, windowId, dates[0]);
    await runAt(t, provider, minutes(slot0.orderFrom, 1));
    expect(await deliveryOf(t, subscription.id, dates[0])).toMatchObject({ status: 'ordered', shareCents: 2000 });
    const url = `/api/subscriptions/${subscription.id}/deliveries/${dates[0]}`;
    const panel = await t.app.inject({ url, headers: shopper.auth });
    expect(panel.statusCode, panel.body).toBe(200);
    expect(panel.json()).toMatchObject({ paidBySeason: true, addChoices: [], swapChoices: [], total: 20 });
    const honey = await t.app.inject({
      method: 'POST',
      url: `${url}/lines`,
      headers: shopper.auth,
      payload: { optionId: honeyJar.optionIds[0], quantity: 1 },
    });
    expect(honey.statusCode).toBe(409);
    expect(honey.json().error.message).toBe(
      'This delivery is paid with your season and holds the plan’s items: order anything else from the shop',
    );

    // The farm ends the plan after the first order was made: that one still comes, the other two are given back.
    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${farm.id}/subscription-plans/${planId}/end`,
      headers: farm.auth,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await runAt(t, provider, slot0.closesAt);
    expect(await deliveryOf(t, subscription.id, dates[0])).toMatchObject({ status: 'charged' });
    const [payment] = await paymentsOf(subscription.id);
    expect(payment).toMatchObject({ refundedCents: 4000 });
    expect(payment.closedAt).not.toBeNull();
    const [given] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentIntentId, payment.paymentIntentId as string));
    expect(given).toMatchObject({ amountCents: 4000, reason: 'vendor_cancelled', status: 'succeeded' });
    expect(await deliveryOf(t, subscription.id, dates[1])).toBeUndefined();
  });
});
