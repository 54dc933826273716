import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { orderLines, orders } from './tables.ts';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });

async function buy(shopper: TestUser, priceCents: number, amount: number) {
  const product = await createProduct(t, vendor, { priceCents, stock: 100 });
  await addToCart(t, shopper, product.id, amount);
  const { intent } = await payCart(t, shopper);
  return (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
}

const history = (user: TestUser, email: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/customerPayments/${email}${query}`, headers: user.auth });

describe('payment history', () => {
  it('lists the buyer’s payments newest first, a page at a time', async () => {
    const shopper = await createUser(t);
    const first = await buy(shopper, 500, 1);
    const second = await buy(shopper, 700, 2);
    const third = await buy(shopper, 100, 3);
    const page1 = await history(shopper, shopper.email, '?page=1&limit=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(page1.json().items.map((p: { _id: string }) => p._id)).toEqual([third._id, second._id]);
    expect(page1.json().items[1]).toMatchObject({ price: 14, status: 'pending', transactionId: second.transactionId });
    const page2 = await history(shopper, shopper.email, '?page=2&limit=2');
    expect(page2.json().items.map((p: { _id: string }) => p._id)).toEqual([first._id]);
  });

  it('is readable by its buyer and admins only', async () => {
    const shopper = await createUser(t);
    await buy(shopper, 500, 1);
    const other = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: `/api/customerPayments/${shopper.email}` })).statusCode).toBe(401);
    expect((await history(other, shopper.email)).statusCode).toBe(403);
    expect((await history(vendor, shopper.email)).statusCode).toBe(403);
    const asAdmin = await history(admin, shopper.email);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().total).toBe(1);
  });
});

describe('POST /orders', () => {
  it('confirms the order made with the payment, for its buyer only', async () => {
    const shopper = await createUser(t);
    const payment = await buy(shopper, 500, 1);
    const post = (user: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: user.auth,
        payload: { transactionId: payment.transactionId },
      });
    const own = await post(shopper);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ insertedId: payment.orderId, status: 'pending' });
    expect((await post(await createUser(t))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/orders', payload: { transactionId: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('customer home figures', () => {
  it('counts items, money and the share of orders delivered', async () => {
    const shopper = await createUser(t);
    const stats = () => t.app.inject({ method: 'GET', url: '/api/customer-stats', headers: shopper.auth });
    expect((await stats()).json()).toEqual({
      totalItems: 0,
      totalMoney: 0,
      orders: 0,
      deliveredOrders: 0,
      shoppingDone: 0,
    });
    const delivered = await buy(shopper, 500, 2);
    await buy(shopper, 250, 1);
    await buy(shopper, 100, 4);
    await t.db.update(orderLines).set({ status: 'delivered' }).where(eq(orderLines.orderId, delivered.orderId));
    expect((await stats()).json()).toEqual({
      totalItems: 7,
      totalMoney: 16.5,
      orders: 3,
      deliveredOrders: 1,
      shoppingDone: 33,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, delivered.orderId));
    expect(order.userId).toBe(shopper.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer-stats' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer-stats', headers: vendor.auth })).statusCode).toBe(
      403,
    );
  });
});
