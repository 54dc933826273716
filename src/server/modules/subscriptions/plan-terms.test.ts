import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '#contract/categories.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { paymentIntents, transfers } from '../payments/tables.ts';
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

/**
 * A plan's own terms (decision 068): a box is taxed at the rate of the category the farm declares for it (vegetables
 * unless it says), and a notice period keeps the deliveries within it after a cancel, charged as any.
 */
let now = new Date();
const t = setupSubscriberApp(() => now);
let sandbox: ReturnType<typeof createSandboxProvider>;
let admin: TestUser;
const SATURDAY = 6;
beforeAll(async () => {
  sandbox = createSandboxProvider(t.db);
  admin = await createUser(t, { role: 'admin' });
  const rates = Object.fromEntries(CATEGORY_VALUES.map((c) => [c, c === 'milk' ? 7.5 : c === 'vegetable' ? 5 : 0]));
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/tax',
    headers: admin.auth,
    payload: { pricesIncludeTax: false, rates },
  });
  expect(set.statusCode, set.body).toBe(200);
});

const box = (extra: object = {}) => ({
  name: 'Dairy box',
  kind: 'box',
  boxValue: 30,
  boxContents: 'Milk\nCheese',
  discountPercent: 10,
  ...extra,
});

const week = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * n);
  return d.toISOString().slice(0, 10);
};

describe('a box plan’s tax', () => {
  it('takes the rate of the category the farm declares, on the box after its discount, and every record agrees', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Dairy Box Farm' });
    const planId = await createPlan(t, farm, { ...box({ boxCategory: 'milk' }), windowIds: [windowId] });
    const page = await t.app.inject({ method: 'GET', url: `/api/subscription-plans/${planId}` });
    expect(page.json()).toMatchObject({ boxCategory: 'milk', noticeDays: 0 });
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider } = scriptedCards(sandbox, () => 'ok');
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    await runAt(t, provider, minutes(slot.closesAt, 1));
    const row = await deliveryOf(t, subscription.id, date);
    expect(row.status).toBe('charged');
    const orderId = row.orderId as string;

    // $30 less 10% = $27.00; 7.5% of it = $2.025, half up $2.03; charged $29.03.
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ taxBps: 750, taxCents: 203 });
    const [order] = await t.db
      .select({ payment: customerPayments })
      .from(orders)
      .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
      .where(eq(orders.id, orderId));
    expect(order.payment).toMatchObject({ taxCents: 203, priceCents: 2903 });
    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/${order.payment.id}`,
      headers: shopper.auth,
    });
    expect(invoice.json()).toMatchObject({
      grandTotal: 29.03,
      tax: 2.03,
      taxLines: [expect.objectContaining({ percent: 7.5, tax: 2.03 })],
    });
    const [intent] = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, order.payment.transactionId));
    expect(intent.amountCents).toBe(2903);
    for (const status of ['ready', 'delivered']) {
      const moved = await moveOrder(t, farm, orderId, status);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [paid] = await t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
    // The farm's goods are the box without its tax; the marketplace keeps the tax to remit.
    expect(paid).toMatchObject({ goodsCents: 2700, taxCents: 203 });
  });

  it('is taxed as vegetables when the farm declares nothing', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Veg Box Farm' });
    const planId = await createPlan(t, farm, { ...box(), windowIds: [windowId] });
    const date = nextWeekday(SATURDAY);
    const { subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider } = scriptedCards(sandbox, () => 'ok');
    await runAt(t, provider, minutes(slot.orderFrom, 1));
    const row = await deliveryOf(t, subscription.id, date);
    const [line] = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, row.orderId as string));
    expect(line).toMatchObject({ taxBps: 500, taxCents: 135 });
  });
});

describe('a plan’s notice on cancelling', () => {
  it('keeps the deliveries within the notice after a cancel, charged as any, and none after', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Notice Farm' });
    const planId = await createPlan(t, farm, { ...box(), noticeDays: 20, windowIds: [windowId] });
    const plan = await t.app.inject({ method: 'GET', url: `/api/subscription-plans/${planId}` });
    expect(plan.json().noticeDays).toBe(20);
    const first = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, first);
    now = new Date();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscription.id}/cancel`,
      headers: shopper.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The first Saturday is 7 to 13 days away: it and the next are within 20 days, the third is not.
    const [mine] = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: shopper.auth })).json();
    expect(mine).toMatchObject({ status: 'cancelled', endsAfter: week(first, 1), plan: { noticeDays: 20 } });

    const { provider } = scriptedCards(sandbox, () => 'ok');
    for (const n of [0, 1, 2]) {
      const slot = await slotTimes(t, windowId, week(first, n));
      await runAt(t, provider, minutes(slot.orderFrom, 1));
      await runAt(t, provider, minutes(slot.closesAt, 1));
    }
    expect((await deliveryOf(t, subscription.id, week(first, 0))).status).toBe('charged');
    expect((await deliveryOf(t, subscription.id, week(first, 1))).status).toBe('charged');
    expect(await deliveryOf(t, subscription.id, week(first, 2))).toBeUndefined();
    // The farm's roster lists the delivery the notice kept, and nothing of it after.
    const roster = async (from: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/shops/${farm.id}/subscription-roster`,
          headers: farm.auth,
          query: { from },
        })
      )
        .json()
        .plans[0].deliveries.flatMap(
          (d: { subscribers: { subscriptionId: string; state: string }[] }) => d.subscribers,
        );
    expect(await roster(week(first, 1))).toEqual([
      expect.objectContaining({ subscriptionId: subscription.id, state: 'charged' }),
    ]);
    expect(await roster(week(first, 2))).toEqual([]);
  });
});
