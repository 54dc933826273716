import { describe, expect, it } from 'vitest';
import type { Earnings, ShopPayout } from '#contract/admin-payouts.ts';
import type { Page } from '#contract/pagination.ts';
import { SANDBOX_TEST_BANK } from '#contract/payouts.ts';
import type { AdminStats } from '#contract/stats.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { moveOrder } from '../orders/order-fixtures.ts';

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });
const BANK = { accountHolder: 'Green Valley Farm', ...SANDBOX_TEST_BANK };
const tag = () => Math.random().toString(36).slice(2, 8);

/** A vendor with a shop named "<name>'s Farm", its sandbox payout account verified when asked. */
async function vendorNamed(name: string, { verified }: { verified: boolean }) {
  const vendor = await createUser(t, { role: 'vendor', name });
  if (verified) {
    expect((await call(vendor, 'POST', '/api/payouts/account')).statusCode).toBe(200);
    expect((await call(vendor, 'POST', '/api/payouts/sandbox/onboarding', BANK)).json()).toMatchObject({
      status: 'verified',
    });
  }
  return vendor;
}

/** A shopper buys `amount` of a $10 product of the vendor with the sandbox card; answers the order's id. */
async function buy(vendor: TestUser, amount: number) {
  const shopper = await createUser(t);
  await addToCart(t, shopper, (await createProduct(t, vendor, { priceCents: 1000 })).id, amount);
  const { intent } = await payCart(t, shopper);
  return (await confirmOrder(t, shopper, intent.paymentIntentId)).json().orderId as string;
}

async function deliver(vendor: TestUser, orderId: string) {
  expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
  expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
}

const setCommission = async (admin: TestUser, normalPercent: number, orderFee: number) =>
  expect(
    (await call(admin, 'PUT', '/api/admin/commission', { normalPercent, premiumPercent: 5, orderFee })).statusCode,
  ).toBe(200);

const earnings = async (admin: TestUser) => (await call(admin, 'GET', '/api/admin/earnings')).json() as Earnings;
const thisMonth = (e: Earnings) => e.months[e.months.length - 1];
const adminStats = async (admin: TestUser) => (await call(admin, 'GET', '/api/admin-stats')).json() as AdminStats;

/** The admin's payouts row of the shop whose name is `name`'s Farm (searched by its name). */
async function payoutRow(admin: TestUser, name: string) {
  const page = (
    await call(admin, 'GET', `/api/admin/payouts?q=${encodeURIComponent(name)}`)
  ).json() as Page<ShopPayout>;
  expect(page.total).toBe(1);
  return page.items[0];
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe('the marketplace’s earnings by month', () => {
  it('counts each part’s commission and fee at its own rate when delivered, less what refunds gave back', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await vendorNamed(`Earning ${tag()}`, { verified: true });
    const before = await earnings(admin);
    const statsBefore = await adminStats(admin);

    // Placed at 10%; then the admin asks 20% and a $1 fee per shop part, and a second order is placed.
    const atTen = await buy(vendor, 2);
    await setCommission(admin, 20, 1);
    const atTwenty = await buy(vendor, 3);
    try {
      // Nothing is earned before the food arrives.
      expect(thisMonth(await earnings(admin))).toEqual(thisMonth(before));
      await deliver(vendor, atTen);
      await deliver(vendor, atTwenty);
      // A $6 refund after delivery of the $30 part that paid 20% + $1: $1.40 of commission given back.
      const refund = await call(admin, 'POST', `/api/orders/${atTwenty}/shops/${vendor.id}/refunds`, { amount: 6 });
      expect(refund.statusCode).toBe(201);

      const after = await earnings(admin);
      const [was, now] = [thisMonth(before), thisMonth(after)];
      expect(now.month).toBe(was.month);
      expect(now.parts - was.parts).toBe(2);
      // $20 at 10% = $2, then $30 at 20% + $1 = $7.
      expect(cents(now.earned - was.earned)).toBe(900);
      expect(cents(now.givenBack - was.givenBack)).toBe(140);
      expect(cents(now.net - was.net)).toBe(760);
      expect(cents(after.total.net - before.total.net)).toBe(760);

      // The spec's revenue from customers: what was charged ($20 + $30), net of the refund; memberships apart.
      const statsAfter = await adminStats(admin);
      expect(cents(statsAfter.totalCustomerPayments - statsBefore.totalCustomerPayments)).toBe(4400);
      expect(statsAfter.totalOrders - statsBefore.totalOrders).toBe(2);
      expect(statsAfter.totalVendorPayments).toBe(statsBefore.totalVendorPayments);
    } finally {
      await setCommission(admin, 10, 0);
    }
  });

  it('answers every month of the range, oldest first, ending with this one', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const year = await earnings(admin);
    expect(year.months).toHaveLength(12);
    const months = year.months.map((m) => m.month);
    expect([...months].sort()).toEqual(months);
    expect(new Set(months).size).toBe(12);
    const three = (await call(admin, 'GET', '/api/admin/earnings?months=3')).json() as Earnings;
    expect(three.months.map((m) => m.month)).toEqual(months.slice(-3));
    expect(three.months.every((m) => cents(m.net) === cents(m.earned - m.givenBack))).toBe(true);
  });

  it('refuses a range it cannot answer, saying why', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const cases: [string, string][] = [
      ['months=0', 'Ask for at least 1 month'],
      ['months=37', 'Ask for at most 36 months'],
      ['months=2.5', 'Months must be a whole number'],
      ['months=many', 'Months must be a whole number'],
    ];
    for (const [query, reason] of cases) {
      const refused = await call(admin, 'GET', `/api/admin/earnings?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body, query).toContain(reason);
    }
  });
});

describe('every shop’s payouts', () => {
  it('shows what each shop is owed and was paid, its account and hold; releasing a hold sends what waited', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const run = tag();
    const verified = await vendorNamed(`Paid ${run}`, { verified: true });
    const unverified = await vendorNamed(`Waiting ${run}`, { verified: false });
    const held = await vendorNamed(`Held ${run}`, { verified: true });
    expect((await call(admin, 'PUT', `/api/admin/payouts/${held.id}/hold`, { held: true })).statusCode).toBe(200);

    for (const vendor of [verified, unverified, held]) await deliver(vendor, await buy(vendor, 1));
    // The verified shop's refund after delivery takes $4.50 back from its $9 transfer.
    const refunded = await buy(verified, 1);
    await deliver(verified, refunded);
    await call(admin, 'POST', `/api/orders/${refunded}/shops/${verified.id}/refunds`, { amount: 5 });
    await call(unverified, 'POST', '/api/payouts/account');

    expect(await payoutRow(admin, `Paid ${run}`)).toEqual({
      shopId: verified.id,
      shop: `Paid ${run}'s Farm`,
      email: verified.email,
      owed: 0,
      paid: 13.5,
      account: 'verified',
      held: false,
    });
    expect(await payoutRow(admin, `Waiting ${run}`)).toMatchObject({
      owed: 9,
      paid: 0,
      account: 'pending',
      held: false,
    });
    expect(await payoutRow(admin, `Held ${run}`)).toMatchObject({ owed: 9, paid: 0, account: 'verified', held: true });

    const released = await call(admin, 'PUT', `/api/admin/payouts/${held.id}/hold`, { held: false });
    expect(released.json()).toEqual({ shopId: held.id, held: false });
    expect(await payoutRow(admin, `Held ${run}`)).toMatchObject({ owed: 0, paid: 9, held: false });
    // The vendor's own page agrees.
    expect((await call(held, 'GET', '/api/payouts/account')).json()).toMatchObject({ held: false });
  });

  it('pages the shops by name, those matching the search, with their count', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const run = tag();
    for (const letter of ['C', 'A', 'B']) await vendorNamed(`Paging ${run} ${letter}`, { verified: false });
    const page = async (query: string) =>
      (
        await call(admin, 'GET', `/api/admin/payouts?q=${encodeURIComponent(`Paging ${run}`)}&${query}`)
      ).json() as Page<ShopPayout>;
    const first = await page('limit=2');
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(first.items.map((row) => row.shop)).toEqual([`Paging ${run} A's Farm`, `Paging ${run} B's Farm`]);
    expect((await page('limit=2&page=2')).items.map((row) => row.shop)).toEqual([`Paging ${run} C's Farm`]);
    expect(await page('limit=2&page=9')).toMatchObject({ total: 3, items: [] });
    // A search's wildcards are plain characters.
    expect((await call(admin, 'GET', '/api/admin/payouts?q=%25_%25')).json()).toMatchObject({ total: 0 });
    const all = (await call(admin, 'GET', '/api/admin/payouts?limit=100')).json() as Page<ShopPayout>;
    expect(all.total).toBeGreaterThanOrEqual(3);
  });

  it('refuses a page it cannot answer, saying why', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const query of ['limit=1000', 'page=0', 'page=x', `q=${'a'.repeat(101)}`]) {
      const refused = await call(admin, 'GET', `/api/admin/payouts?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.fields, query).toBeDefined();
    }
  });
});

describe('who sees the money', () => {
  it('only admins read the earnings and the payouts table, or hold a shop', async () => {
    const customer = await createUser(t);
    const vendor = await createUser(t, { role: 'vendor' });
    for (const url of ['/api/admin/earnings', '/api/admin/payouts']) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(customer, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(vendor, 'GET', url)).statusCode, url).toBe(403);
    }
    const hold = await call(vendor, 'PUT', `/api/admin/payouts/${vendor.id}/hold`, { held: false });
    expect(hold.statusCode).toBe(403);
  });
});
