import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import { customerPayments, orderFulfilments, orderLines, orders } from '../orders/tables.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { paymentIntents, sandboxPaymentIntents, transfers } from '../payments/tables.ts';
import { windowCancellations } from '../slots/tables.ts';
import {
  farmWithWindow,
  fixedPlan,
  minutes,
  nextWeekday,
  RETRIES,
  runAt,
  scriptedCards,
  slotTimes,
  subscribe,
} from './delivery-fixtures.ts';
import { subscriptionDeliveries, subscriptions } from './tables.ts';

/**
 * The weekly job over random weeks (issue 37 item 7, decision 068): subscribers who skip, go away, pause and resume,
 * a farm that closes some days, cards that fail a few times or for good. Whatever happens, each subscription gets
 * exactly one row per date it was running on (an order, a skip or a holiday), at most one order per date, every charge
 * is settled (paid, or given up with its order cancelled and the subscription paused), and what a paid order's card
 * was charged goes to the farm, the commission and the tax to the cent.
 */
const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
beforeAll(async () => {
  sandbox = createSandboxProvider(t.db);
});

const WEEKS = 4;
const week = fc.integer({ min: 0, max: WEEKS - 1 });
const subscriberPlan = fc.record({
  skips: fc.uniqueArray(week, { maxLength: 2 }),
  vacation: fc.option(fc.tuple(week, fc.integer({ min: 0, max: 1 }))),
  pauses: fc.uniqueArray(week, { maxLength: 1 }),
  /** Per week, how many charges fail before one succeeds (RETRIES: every one, the delivery is given up). */
  failures: fc.array(fc.constantFrom(0, 0, 0, 1, 2, RETRIES), { minLength: WEEKS, maxLength: WEEKS }),
});
const weeksPlan = fc.record({
  subscribers: fc.array(subscriberPlan, { minLength: 1, maxLength: 3 }),
  holidays: fc.uniqueArray(week, { maxLength: 1 }),
});
type WeeksPlan = typeof weeksPlan extends fc.Arbitrary<infer P> ? P : never;

const dateOf = (first: string, n: number) => {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * n);
  return d.toISOString().slice(0, 10);
};

async function live(plan: WeeksPlan) {
  const { farm, windowId } = await farmWithWindow(t, { name: 'Property Farm' });
  const { planId } = await fixedPlan(t, farm, windowId, 1000);
  const first = nextWeekday(6);
  const subs = [];
  for (const s of plan.subscribers) {
    const { subscription } = await subscribe(t, planId, windowId, first);
    for (const w of s.skips)
      await t.db.insert(subscriptionDeliveries).values({
        subscriptionId: subscription.id,
        deliveryOn: dateOf(first, w),
        windowId,
        slotStart: (await slotTimes(t, windowId, dateOf(first, w))).start,
        status: 'skipped',
      });
    if (s.vacation) {
      const [from, length] = s.vacation;
      await t.db
        .update(subscriptions)
        .set({ pausedFrom: dateOf(first, from), pausedUntil: dateOf(first, Math.min(WEEKS - 1, from + length)) })
        .where(eq(subscriptions.id, subscription.id));
    }
    subs.push({ id: subscription.id, plan: s });
  }
  for (const w of plan.holidays) await t.db.insert(windowCancellations).values({ windowId, date: dateOf(first, w) });

  // The cards: each subscription's charge of a date fails its planned number of times, then succeeds.
  const tries = new Map<string, Set<string>>();
  const planOf = new Map(subs.map((s) => [s.id, s.plan]));
  const { provider } = scriptedCards(sandbox, (metadata, key) => {
    const seen = tries.get(`${metadata.subscriptionId} ${metadata.deliveryOn}`) ?? new Set<string>();
    seen.add(key);
    tries.set(`${metadata.subscriptionId} ${metadata.deliveryOn}`, seen);
    const s = planOf.get(metadata.subscriptionId);
    const n = s ? Math.round((Date.parse(metadata.deliveryOn) - Date.parse(first)) / (7 * 86_400_000)) : 0;
    return s && seen.size <= s.failures[n] ? 'card_declined' : 'ok';
  });

  // What each subscription should have on each date, by the same rules, as the weeks pass.
  const expected = new Map<string, string | null>();
  const failed = new Set<string>();
  for (let w = 0; w < WEEKS; w += 1) {
    const date = dateOf(first, w);
    const slot = await slotTimes(t, windowId, date);
    for (const s of subs) {
      const paused = s.plan.pauses.includes(w) || failed.has(s.id);
      if (!failed.has(s.id))
        await t.db
          .update(subscriptions)
          // Changed when the week's ordering opens, as a shopper's change stamps it (a resume counts from then).
          .set({ status: paused ? 'paused' : 'active', updatedAt: slot.orderFrom })
          .where(eq(subscriptions.id, s.id));
      const [from, length] = s.plan.vacation ?? [-1, -1];
      const away = w >= from && w <= from + length;
      const want = s.plan.skips.includes(w)
        ? 'skipped'
        : paused
          ? null
          : away
            ? 'skipped'
            : plan.holidays.includes(w)
              ? 'holiday'
              : s.plan.failures[w] >= RETRIES
                ? 'abandoned'
                : 'charged';
      expected.set(`${s.id} ${date}`, want);
      if (want === 'abandoned') failed.add(s.id);
    }
    for (const at of [
      minutes(slot.orderFrom, 1),
      slot.closesAt,
      minutes(slot.closesAt, 60),
      minutes(slot.closesAt, 420),
    ])
      await runAt(t, provider, at);
  }
  return { farm, subs, first, expected, ids: subs.map((s) => s.id) };
}

async function expectSettled({ farm, subs, first, expected, ids }: Awaited<ReturnType<typeof live>>) {
  const rows = await t.db
    .select()
    .from(subscriptionDeliveries)
    .where(inArray(subscriptionDeliveries.subscriptionId, ids));
  for (const s of subs)
    for (let w = 0; w < WEEKS; w += 1) {
      const date = dateOf(first, w);
      const row = rows.find((r) => r.subscriptionId === s.id && r.deliveryOn === date);
      expect(row?.status ?? null, `${s.id} week ${w}`).toBe(expected.get(`${s.id} ${date}`));
      const made = await t.db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderFulfilments, eq(orderFulfilments.orderId, orders.id))
        .where(and(eq(orders.subscriptionId, s.id), eq(orderFulfilments.slotDate, date)));
      expect(made.length).toBe(row?.orderId ? 1 : 0);
    }
  // Every charge settled: paid with its order's price, or given up with its order cancelled.
  for (const row of rows) {
    if (row.status === 'abandoned') {
      const [order] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.id, row.orderId as string));
      expect(order.status).toBe('cancelled');
    }
    if (row.status !== 'charged') continue;
    const [paid] = await t.db
      .select({ payment: customerPayments, intent: paymentIntents })
      .from(orders)
      .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
      .innerJoin(paymentIntents, eq(paymentIntents.providerIntentId, customerPayments.transactionId))
      .where(eq(orders.id, row.orderId as string));
    expect(paid.intent).toMatchObject({ status: 'settled', amountCents: paid.payment.priceCents });
    // Delivered: the charge goes to the farm, the commission and the tax, to the cent.
    for (const status of ['ready', 'delivered'])
      expect((await moveOrder(t, farm, row.orderId as string, status)).statusCode).toBe(200);
    const [sent] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.orderId, row.orderId as string));
    const [remote] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paid.payment.transactionId));
    expect(sent.amountCents + sent.commissionCents + sent.taxCents).toBe(remote.amountCents);
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, row.orderId as string));
    expect(sent.taxCents).toBe(lines.reduce((sum, line) => sum + line.taxCents, 0));
  }
  expect(rows.filter((r) => r.status === 'ordered' || r.status === 'charge_failed')).toEqual([]);
  // Done: these subscriptions take no part in the next run.
  await t.db.update(subscriptions).set({ status: 'cancelled' }).where(inArray(subscriptions.id, ids));
}

describe('the weekly job over random weeks', () => {
  it('one row per subscription and date, one order at most, every charge settled, the ledger balanced', async () => {
    await fc.assert(
      fc.asyncProperty(weeksPlan, async (plan) => {
        await expectSettled(await live(plan));
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 600_000);
});
