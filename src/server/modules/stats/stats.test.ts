import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../../business-day.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { products } from '../catalog/tables.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { daysAgo, insertOrder, insertProduct, insertReview, moveOrder } from '../orders/order-fixtures.ts';
import { vendorPayments } from '../payments/tables.ts';
import { comments } from '../reviews/tables.ts';
import { shops } from '../shops/tables.ts';
import { users } from '../users/tables.ts';

/**
 * The known set of orders every figure below is checked against:
 *   today        Carol: Carrots ×2 (Alice, $5.00) + Honey ×1 (Bob, $9.99)   payment $14.99
 *   3 days ago   Dave:  Leeks ×3 (Alice, $12.00)                            payment $12.00
 *   10 days ago  Carol: Carrots ×1 (Alice, $2.50), cancelled by Alice      payment cancelled
 *   100 days ago Dave:  Leeks ×1 (Alice, $4.00)                             payment $4.00
 * and two orders of today whose cancelled lines the admin's revenue leaves out:
 *   Erin, paid by card with 10% off: Jam ×1 (Cara, $6.00) + Bread ×2 (Dan, $9.00) = $13.50;
 *     Dan cancels: $8.10 refunded (Bread's share of the charge), $5.40 kept
 *   Frank, recorded without a card payment: Jam ×1 (Cara, $6.00) + Bread ×1 (Dan, $4.50);
 *     Dan cancels: nothing to refund, $6.00 kept
 */
const t = setupTestApp();
const alice = setupUser(t, { role: 'vendor', name: 'Alice', membership: 'premium' });
const bob = setupUser(t, { role: 'vendor', name: 'Bob' });
const carol = setupUser(t, { name: 'Carol' });
const dave = setupUser(t, { name: 'Dave' });
const admin = setupUser(t, { role: 'admin' });
let cara: TestUser;
let dan: TestUser;
let erinRefund: { amount: number; status: string };

const cancelPart = async (vendor: TestUser, orderId: string) => {
  const response = await moveOrder(t, vendor, orderId, 'cancelled');
  expect(response.statusCode).toBe(200);
};

beforeAll(async () => {
  const gone = await createUser(t, { role: 'vendor', name: 'Gone' });
  await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id));
  await t.db.update(shops).set({ badge: 'gold' }).where(eq(shops.vendorId, alice.id));

  const carrots = await insertProduct(t, alice, { name: 'Carrots', priceCents: 250 });
  const leeks = await insertProduct(t, alice, { name: 'Leeks', priceCents: 400 });
  const old = await insertProduct(t, alice, { name: 'Old stock', priceCents: 100 });
  await t.db.update(products).set({ listed: false }).where(eq(products.id, old.id));
  const honey = await insertProduct(t, bob, { name: 'Honey', priceCents: 999 });

  await insertOrder(t, carol, [
    { product: carrots, amount: 2 },
    { product: honey, amount: 1 },
  ]);
  await insertOrder(t, dave, [{ product: leeks, amount: 3 }], daysAgo(3));
  const cancelled = await insertOrder(t, carol, [{ product: carrots, amount: 1 }], daysAgo(10));
  const cancel = await moveOrder(t, alice, cancelled.orderId, 'cancelled');
  expect(cancel.statusCode).toBe(200);
  await insertOrder(t, dave, [{ product: leeks, amount: 1 }], daysAgo(100));

  cara = await createUser(t, { role: 'vendor', name: 'Cara' });
  dan = await createUser(t, { role: 'vendor', name: 'Dan' });
  const erin = await createUser(t, { name: 'Erin' });
  const frank = await createUser(t, { name: 'Frank' });
  const coupon = await t.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: admin.auth,
    payload: { code: 'TENOFF', kind: 'percent', value: 10 },
  });
  expect(coupon.statusCode).toBe(201);
  const jam = await createProduct(t, cara, { name: 'Jam', priceCents: 600 });
  const bread = await createProduct(t, dan, { name: 'Bread', priceCents: 450 });
  await addToCart(t, erin, jam.id, 1);
  await addToCart(t, erin, bread.id, 2);
  const { intent } = await payCart(t, erin, { couponCode: 'TENOFF' });
  const paid = (await confirmOrder(t, erin, intent.paymentIntentId)).json();
  expect(paid.price).toBe(13.5);
  await cancelPart(dan, paid.orderId);
  const history = await t.app.inject({ method: 'GET', url: `/api/customerPayments/${erin.email}`, headers: erin.auth });
  erinRefund = history.json().items[0].refunds[0];

  const unpaid = await insertOrder(t, frank, [
    { product: { ...jam, vendor: cara }, amount: 1 },
    { product: { ...bread, vendor: dan }, amount: 1 },
  ]);
  await cancelPart(dan, unpaid.orderId);

  await t.db.insert(vendorPayments).values({
    userId: alice.id,
    email: alice.email,
    priceCents: 100_000,
    shop: "Alice's Farm",
    transactionId: 'pi_1',
    planKey: 'premium',
  });
  await insertReview(t, carrots, carol, 5, 'Sweet and crunchy');
  await insertReview(t, leeks, dave, 4, 'Good leeks');
  const removed = await insertReview(t, honey, dave, 1, 'Spam spam');
  await t.db.update(comments).set({ status: 'removed' }).where(eq(comments.id, removed));
});

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.auth });
/** Signed out: 401; signed in as each of `refused`: 403. */
async function expectRefused(url: string, refused: TestUser[]) {
  expect((await get(url)).statusCode).toBe(401);
  for (const user of refused) expect((await get(url, user)).statusCode, user.name).toBe(403);
}
const sum = (points: { revenue: number }[]) => Math.round(points.reduce((s, p) => s + p.revenue * 100, 0)) / 100;

describe('GET /api/vendor/stats', () => {
  it('is for vendors only', () => expectRefused('/api/vendor/stats', [carol, admin]));

  it("counts the vendor's listed products, its orders and the revenue of its lines not cancelled", async () => {
    const response = await get('/api/vendor/stats', alice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalProducts: 2,
      totalOrders: 4,
      totalRevenue: 21,
      shopOwner: 'Alice',
      shop: "Alice's Farm",
      email: alice.email,
      roll: 'vendor',
      shopAddress: '1 Market Street, Springfield',
      shopPhone: '+1 555 000 1111',
      shopImage: '/uploads/shop.webp',
      shopEstablished: '2015-04-01',
      membership: 'premium',
      badge: 'gold',
    });
  });

  it("never includes another vendor's figures", async () => {
    expect((await get('/api/vendor/stats', bob)).json()).toMatchObject({
      totalProducts: 1,
      totalOrders: 1,
      totalRevenue: 9.99,
      shop: "Bob's Farm",
      membership: 'normal',
      badge: null,
    });
  });
});

describe('GET /api/vendor/sales', () => {
  it('gives one point per day for short ranges, with the sales of the range', async () => {
    const body = (await get('/api/vendor/sales?range=7d', alice)).json();
    expect(body.bucket).toBe('day');
    expect(body.series).toHaveLength(7);
    expect(sum(body.series)).toBe(17);
    expect(body.series.at(-1)).toMatchObject({ revenue: 5, orders: 1, units: 2 });
    expect(body.series.at(-1).date).toBe(businessToday(t.config.businessTimeZone));
    expect(body.byProduct).toEqual([
      { productId: expect.any(String), name: 'Leeks', revenue: 12, units: 3 },
      { productId: expect.any(String), name: 'Carrots', revenue: 5, units: 2 },
    ]);
  });

  it('leaves cancelled lines out and groups long ranges by week', async () => {
    expect(sum((await get('/api/vendor/sales?range=30d', alice)).json().series)).toBe(17);
    expect(sum((await get('/api/vendor/sales?range=90d', alice)).json().series)).toBe(17);
    const year = (await get('/api/vendor/sales?range=365d', alice)).json();
    expect(year.bucket).toBe('week');
    expect(year.series.length).toBeGreaterThanOrEqual(53);
    expect(year.series.length).toBeLessThanOrEqual(54);
    expect(sum(year.series)).toBe(21);
  });

  it('leaves a vendor’s cancelled lines out of its revenue and sales', async () => {
    expect((await get('/api/vendor/stats', dan)).json()).toMatchObject({ totalOrders: 2, totalRevenue: 0 });
    expect(sum((await get('/api/vendor/sales?range=7d', dan)).json().series)).toBe(0);
    expect((await get('/api/vendor/stats', cara)).json()).toMatchObject({ totalOrders: 2, totalRevenue: 12 });
    expect(sum((await get('/api/vendor/sales?range=7d', cara)).json().series)).toBe(12);
  });

  it('shows a vendor only its own sales', async () => {
    const body = (await get('/api/vendor/sales?range=7d', bob)).json();
    expect(sum(body.series)).toBe(9.99);
    expect(body.byProduct.map((p: { name: string }) => p.name)).toEqual(['Honey']);
  });

  it('rejects an unknown range and non-vendors', async () => {
    const bad = await get('/api/vendor/sales?range=2d', alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ range: 'Range must be 7d, 30d, 90d or 365d' });
    expect((await get('/api/vendor/sales', carol)).statusCode).toBe(403);
  });
});

describe('GET /api/admin-stats', () => {
  it('is for admins only', () => expectRefused('/api/admin-stats', [alice, carol]));

  it("answers the spec's figures from the known orders, revenue net of refunds and cancelled lines", async () => {
    expect(erinRefund).toMatchObject({ amount: 8.1, status: 'succeeded' });
    expect((await get('/api/admin-stats', admin)).json()).toEqual({
      totalCustomers: 4,
      totalOrders: 6,
      totalCustomerPayments: 42.39,
      totalVendors: 4,
      totalVendorPayments: 1000,
      totalComments: 2,
    });
  });
});

describe('GET /api/admin/series', () => {
  it('gives orders and revenue per day or week', async () => {
    const week = (await get('/api/admin/series?range=7d', admin)).json();
    expect(week.series).toHaveLength(7);
    expect(week.series.reduce((n: number, p: { orders: number }) => n + p.orders, 0)).toBe(4);
    expect(sum(week.series)).toBe(38.39);
    expect(week.series.at(-1).revenue).toBe(26.39);
    const month = (await get('/api/admin/series?range=30d', admin)).json();
    expect(month.series.reduce((n: number, p: { orders: number }) => n + p.orders, 0)).toBe(5);
    expect(sum(month.series)).toBe(38.39);
    const year = (await get('/api/admin/series?range=365d', admin)).json();
    expect(year.bucket).toBe('week');
    expect(sum(year.series)).toBe(42.39);
    expect((await get('/api/admin/series?range=7d', alice)).statusCode).toBe(403);
  });
});
