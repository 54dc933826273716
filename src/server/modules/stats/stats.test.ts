import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, products, users, vendorPayments } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { daysAgo, insertOrder, insertProduct, insertReview } from '../fulfilment/order-fixtures.ts';

/**
 * The known set of orders every figure below is checked against:
 *   today        Carol: Carrots ×2 (Alice, $5.00) + Honey ×1 (Bob, $9.99)   payment $14.99
 *   3 days ago   Dave:  Leeks ×3 (Alice, $12.00)                            payment $12.00
 *   10 days ago  Carol: Carrots ×1 (Alice, $2.50), cancelled by Alice      payment cancelled
 *   100 days ago Dave:  Leeks ×1 (Alice, $4.00)                             payment $4.00
 */
let t: TestContext;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { roll: 'vendor', name: 'Alice', membership: 'premium' });
  bob = await createUser(t, { roll: 'vendor', name: 'Bob' });
  carol = await createUser(t, { name: 'Carol' });
  dave = await createUser(t, { name: 'Dave' });
  admin = await createUser(t, { roll: 'admin' });
  const gone = await createUser(t, { roll: 'vendor', name: 'Gone' });
  await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id));
  await t.db.update(users).set({ badge: 'gold' }).where(eq(users.id, alice.id));

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
  const cancel = await t.app.inject({
    method: 'PATCH',
    url: `/api/vendor/orders/${cancelled.orderId}`,
    headers: alice.auth,
    payload: { status: 'cancelled' },
  });
  expect(cancel.statusCode).toBe(200);
  await insertOrder(t, dave, [{ product: leeks, amount: 1 }], daysAgo(100));

  await t.db
    .insert(vendorPayments)
    .values({ userId: alice.id, email: alice.email, priceCents: 100_000, shop: "Alice's Farm", transactionId: 'pi_1' });
  await insertReview(t, carrots, carol, 5, 'Sweet and crunchy');
  await insertReview(t, leeks, dave, 4, 'Good leeks');
  const removed = await insertReview(t, honey, dave, 1, 'Spam spam');
  await t.db.update(comments).set({ status: 'removed' }).where(eq(comments.id, removed));
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.auth });
const sum = (points: { revenue: number }[]) => Math.round(points.reduce((s, p) => s + p.revenue * 100, 0)) / 100;

describe('GET /api/vendor/stats', () => {
  it('is for vendors only', async () => {
    expect((await get('/api/vendor/stats')).statusCode).toBe(401);
    expect((await get('/api/vendor/stats', carol)).statusCode).toBe(403);
    expect((await get('/api/vendor/stats', admin)).statusCode).toBe(403);
  });

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
    expect(body.series.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
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
  it('is for admins only', async () => {
    expect((await get('/api/admin-stats')).statusCode).toBe(401);
    expect((await get('/api/admin-stats', alice)).statusCode).toBe(403);
    expect((await get('/api/admin-stats', carol)).statusCode).toBe(403);
  });

  it("answers the spec's figures from the known orders", async () => {
    expect((await get('/api/admin-stats', admin)).json()).toEqual({
      totalCustomers: 2,
      totalOrders: 4,
      totalCustomerPayments: 30.99,
      totalVendors: 2,
      totalVendorPayments: 1000,
      totalComments: 2,
    });
  });
});

describe('GET /api/admin/series', () => {
  it('gives orders and revenue per day or week', async () => {
    const week = (await get('/api/admin/series?range=7d', admin)).json();
    expect(week.series).toHaveLength(7);
    expect(week.series.reduce((n: number, p: { orders: number }) => n + p.orders, 0)).toBe(2);
    expect(sum(week.series)).toBe(26.99);
    const month = (await get('/api/admin/series?range=30d', admin)).json();
    expect(month.series.reduce((n: number, p: { orders: number }) => n + p.orders, 0)).toBe(3);
    expect(sum(month.series)).toBe(26.99);
    const year = (await get('/api/admin/series?range=365d', admin)).json();
    expect(year.bucket).toBe('week');
    expect(sum(year.series)).toBe(30.99);
    expect((await get('/api/admin/series?range=7d', alice)).statusCode).toBe(403);
  });
});
