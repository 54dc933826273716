import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import {
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

/**
 * A subscription order made by the job is not paid until its cutoff (decision 068): until then no payment history,
 * paid total, revenue or statement counts it, and its page says when the card is charged.
 */
const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
let admin: TestUser;
const SATURDAY = 6;
beforeAll(async () => {
  sandbox = createSandboxProvider(t.db);
  admin = await createUser(t, { role: 'admin' });
});

const get = async (user: TestUser, url: string) => {
  const answer = await t.app.inject({ method: 'GET', url, headers: user.auth });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

/** The receipts (order_placed e-mails) sent to the user. */
const receipts = async (userId: string) =>
  (
    await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, userId), eq(notificationOutbox.channel, 'email')))
  ).filter((row) => (row.payload as { kind: string }).kind === 'order_placed').length;

/** Every figure that says what was paid, as the shopper, the farm and the admin read them. */
async function paidFigures(shopper: TestUser, farm: TestUser) {
  const history = await get(shopper, `/api/customerPayments/${encodeURIComponent(shopper.email)}`);
  const stats = await get(shopper, '/api/customer-stats');
  const vendor = await get(farm, '/api/vendor/stats');
  const sales = await get(farm, '/api/vendor/sales?range=7d');
  const adminStats = await get(admin, '/api/admin-stats');
  const adminSeries = await get(admin, '/api/admin/series?range=7d');
  const sum = (points: { revenue: number }[]) => Math.round(points.reduce((s, p) => s + p.revenue, 0) * 100);
  return {
    history: history.total,
    paid: Math.round(stats.totalMoney * 100),
    bought: [stats.orders, stats.totalItems],
    revenue: Math.round(vendor.totalRevenue * 100),
    sales: sum(sales.series),
    kept: Math.round(adminStats.totalCustomerPayments * 100),
    keptSeries: sum(adminSeries.series),
  };
}

describe('a subscription order before its charge', () => {
  it('is in no paid list or total until charged, and its page says when the card is charged', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Uncharged Farm' });
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider } = scriptedCards(sandbox, () => 'ok');
    const before = await paidFigures(shopper, farm);

    await runAt(t, provider, minutes(slot.orderFrom, 1));
    const ordered = await deliveryOf(t, subscription.id, date);
    expect(ordered.status).toBe('ordered');
    expect(await paidFigures(shopper, farm)).toEqual(before);
    // No receipt before the charge.
    expect(await receipts(shopper.id)).toBe(0);

    // Its page (the invoice page) shows it, not charged: when the card is charged, nothing paid yet.
    const mine = await get(shopper, '/api/subscriptions');
    const paymentId: string = mine[0].coming[0].order.paymentId;
    const page = await get(shopper, `/api/invoice/${paymentId}`);
    expect(page.chargeAt).toEqual({
      at: slot.closesAt.toISOString(),
      label: expect.stringMatching(/^\w{3} \d+ \w{3}, \d\d:\d\d$/),
    });
    expect(page.netPaid).toBe(0);
    expect(page.notes).toContain(`Not charged yet: your card is charged at the cutoff, ${page.chargeAt.label}.`);
    expect(page.grandTotal).toBe(9.45);
    // The admin's order desk lists it with its total, as not charged yet.
    const deskRow = async () => (await get(admin, `/api/admin/orders?q=${encodeURIComponent(shopper.email)}`)).items[0];
    expect(await deskRow()).toMatchObject({ total: 9.45, charged: false });

    await runAt(t, provider, minutes(slot.closesAt, 1));
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('charged');
    const after = await paidFigures(shopper, farm);
    expect(after).toEqual({
      history: before.history + 1,
      paid: before.paid + 945,
      bought: [before.bought[0] + 1, before.bought[1] + 3],
      // A farm's revenue is its lines' list totals, before the plan's discount, as for any order's coupon.
      revenue: before.revenue + 1050,
      sales: before.sales + 1050,
      kept: before.kept + 945,
      keptSeries: before.keptSeries + 945,
    });
    expect(await receipts(shopper.id)).toBe(1);
    const charged = await get(shopper, `/api/invoice/${paymentId}`);
    expect(charged.chargeAt ?? null).toBeNull();
    expect(charged.netPaid).toBe(9.45);
    expect(await deskRow()).toMatchObject({ total: 9.45, charged: true });
  });
});
