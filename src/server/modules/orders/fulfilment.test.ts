import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { products } from '../catalog/tables.ts';
import { shopWith } from '../checkout/fulfilment-fixtures.ts';
import { daysAgo, insertOrder, insertProduct, moveOrder, type TestProduct } from './order-fixtures.ts';
import { readablePayment } from './queries.ts';
import { orderInSlot } from './slot-order-fixtures.ts';
import { customerPayments, orders } from './tables.ts';

const t = setupTestApp();
const alice = setupUser(t, { role: 'vendor', name: 'Alice' }); // vendor
const bob = setupUser(t, { role: 'vendor', name: 'Bob' }); // vendor
const carol = setupUser(t, { name: 'Carol' }); // customer
const dave = setupUser(t, { name: 'Dave' }); // customer
const admin = setupUser(t, { role: 'admin' });
let carrots: TestProduct; // alice, $2.50
let leeks: TestProduct; // alice, $4.00
let honey: TestProduct; // bob, $9.99
beforeAll(async () => {
  carrots = await insertProduct(t, alice, { name: 'Carrots', priceCents: 250 });
  leeks = await insertProduct(t, alice, { name: 'Leeks', priceCents: 400 });
  honey = await insertProduct(t, bob, { name: 'Honey', priceCents: 999 });
});

const patch = (user: TestUser, orderId: string, status: string) => moveOrder(t, user, orderId, status);

const stockOf = async (product: TestProduct) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0].stock;

/** The order's status, and the status its payment record shows (read through the order). */
const statusesOf = async (orderId: string) => {
  const [row] = await t.db
    .select({ order: orders.status, paymentId: customerPayments.id })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  const payment = await readablePayment(t.db, row.paymentId, { id: '', role: 'admin' });
  return { order: row.order, payment: payment.status };
};

describe('GET /api/vendor/orders', () => {
  it('needs a signed-in vendor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vendor/orders' })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/vendor/orders', headers: carol.auth });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('shows each vendor only its own lines and total of a shared order, paginated newest first', async () => {
    const vendorA = await createUser(t, { role: 'vendor', name: 'Vera' });
    const vendorB = await createUser(t, { role: 'vendor', name: 'Walt' });
    const beans = await insertProduct(t, vendorA, { name: 'Beans', priceCents: 320 });
    const jam = await insertProduct(t, vendorB, { name: 'Jam', priceCents: 650 });
    const oldest = await insertOrder(t, carol, [{ product: beans, amount: 1 }], daysAgo(3));
    const middle = await insertOrder(t, dave, [{ product: beans, amount: 2 }], daysAgo(2));
    const shared = await insertOrder(
      t,
      carol,
      [
        { product: beans, amount: 3 },
        { product: jam, amount: 2 },
      ],
      daysAgo(1),
    );

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/vendor/orders?page=1&limit=2',
      headers: vendorA.auth,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(page1.items.map((o: { _id: string }) => o._id)).toEqual([shared.orderId, middle.orderId]);
    expect(page1.items[0]).toMatchObject({
      name: 'Carol',
      email: carol.email,
      totalPrice: 9.6,
      numberOfItems: 1,
      units: 3,
      status: 'pending',
      orderStatus: 'pending',
      deliverTo: { name: 'Carol', phone: '+1 555 000 2222', address: '2 Orchard Lane' },
    });
    expect(page1.items[0].lines).toEqual([
      expect.objectContaining({ itemName: 'Beans', amount: 3, unitPrice: 3.2, totalPrice: 9.6, status: 'pending' }),
    ]);

    const second = await t.app.inject({
      method: 'GET',
      url: '/api/vendor/orders?page=2&limit=2',
      headers: vendorA.auth,
    });
    expect(second.json().items.map((o: { _id: string }) => o._id)).toEqual([oldest.orderId]);

    const other = (await t.app.inject({ method: 'GET', url: '/api/vendor/orders', headers: vendorB.auth })).json();
    expect(other.total).toBe(1);
    expect(other.items[0]).toMatchObject({ _id: shared.orderId, totalPrice: 13, numberOfItems: 1 });
    expect(other.items[0].lines.map((l: { itemName: string }) => l.itemName)).toEqual(['Jam']);
  });

  it('rejects a page size over 100', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/vendor/orders?limit=1000', headers: alice.auth });
    expect(response.statusCode).toBe(400);
  });
});

describe('PATCH /api/vendor/orders/:orderId', () => {
  it('moves pending → shipped → delivered and completes the order once every shop delivered', async () => {
    const order = await insertOrder(t, carol, [
      { product: carrots, amount: 2 },
      { product: honey, amount: 1 },
    ]);
    const skip = await patch(alice, order.orderId, 'delivered');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.message).toBe('This order is pending and cannot be marked delivered');

    const shipped = await patch(alice, order.orderId, 'shipped');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ modifiedCount: 1, order: { status: 'shipped', totalPrice: 5 } });
    expect((await patch(alice, order.orderId, 'delivered')).json().order).toMatchObject({
      status: 'delivered',
      orderStatus: 'pending',
    });
    expect(await statusesOf(order.orderId)).toEqual({ order: 'pending', payment: 'pending' });

    await patch(bob, order.orderId, 'shipped');
    const last = await patch(bob, order.orderId, 'delivered');
    expect(last.json().order).toMatchObject({ status: 'delivered', orderStatus: 'complete' });
    expect(await statusesOf(order.orderId)).toEqual({ order: 'complete', payment: 'complete' });
    expect((await patch(bob, order.orderId, 'cancelled')).statusCode).toBe(409);
  });

  it("answers 404 for an order without the vendor's products and changes nothing", async () => {
    const order = await insertOrder(t, carol, [{ product: carrots, amount: 1 }]);
    const response = await patch(bob, order.orderId, 'shipped');
    expect(response.statusCode).toBe(404);
    const lines = (await t.app.inject({ method: 'GET', url: '/api/vendor/orders?limit=100', headers: alice.auth }))
      .json()
      .items.find((o: { _id: string }) => o._id === order.orderId);
    expect(lines.status).toBe('pending');
  });

  it('cancelling returns the stock; when every shop cancelled, the order and payment are cancelled', async () => {
    const order = await insertOrder(t, dave, [
      { product: leeks, amount: 3 },
      { product: honey, amount: 2 },
    ]);
    const leeksBefore = await stockOf(leeks);
    const honeyBefore = await stockOf(honey);
    await patch(alice, order.orderId, 'shipped');
    const cancelled = await patch(alice, order.orderId, 'cancelled');
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', orderStatus: 'pending' });
    expect(await stockOf(leeks)).toBe(leeksBefore + 3);
    expect(await stockOf(honey)).toBe(honeyBefore);
    expect((await patch(alice, order.orderId, 'shipped')).statusCode).toBe(409);
    expect((await patch(alice, order.orderId, 'cancelled')).statusCode).toBe(409);
    expect(await stockOf(leeks)).toBe(leeksBefore + 3);

    await patch(bob, order.orderId, 'cancelled');
    expect(await stockOf(honey)).toBe(honeyBefore + 2);
    expect(await statusesOf(order.orderId)).toEqual({ order: 'cancelled', payment: 'cancelled' });
  });

  it('completes an order whose other shop cancelled once the rest is delivered', async () => {
    const order = await insertOrder(t, dave, [
      { product: leeks, amount: 1 },
      { product: honey, amount: 1 },
    ]);
    await patch(bob, order.orderId, 'cancelled');
    await patch(alice, order.orderId, 'shipped');
    await patch(alice, order.orderId, 'delivered');
    expect(await statusesOf(order.orderId)).toEqual({ order: 'complete', payment: 'complete' });
  });

  it('validates the status and the id', async () => {
    const order = await insertOrder(t, carol, [{ product: carrots, amount: 1 }]);
    const bad = await patch(alice, order.orderId, 'pending');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ status: 'Status must be ready, shipped, delivered or cancelled' });
    expect((await patch(alice, 'not-a-uuid', 'shipped')).statusCode).toBe(400);
    expect((await patch(carol, order.orderId, 'shipped')).statusCode).toBe(403);
  });
});

describe('the steps follow how the part is handed over', () => {
  const trackedStatus = async (buyer: TestUser, paymentId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${paymentId}/tracking`, headers: buyer.auth })).json();

  it('a pickup goes Ordered → Ready for pickup → Picked up and is never shipped (409)', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor, { kind: 'pickup' });
    const shipped = await patch(vendor, payment.orderId, 'shipped');
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().error.message).toBe('This order is pending and cannot be marked shipped');
    expect((await patch(vendor, payment.orderId, 'delivered')).statusCode).toBe(409);

    const ready = await patch(vendor, payment.orderId, 'ready');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().order).toMatchObject({ status: 'ready', fulfilment: { kind: 'pickup' } });
    expect(await trackedStatus(buyer, payment._id)).toMatchObject({ status: 'pending', shops: [{ status: 'ready' }] });
    expect((await patch(vendor, payment.orderId, 'shipped')).statusCode).toBe(409);

    expect((await patch(vendor, payment.orderId, 'delivered')).json().order).toMatchObject({
      status: 'delivered',
      orderStatus: 'complete',
    });
    expect(await trackedStatus(buyer, payment._id)).toMatchObject({ status: 'complete' });
  });

  it('a delivery goes Ordered → Packed → Out for delivery → Delivered, one step at a time', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor, { kind: 'delivery' });
    expect((await patch(vendor, payment.orderId, 'shipped')).statusCode).toBe(409);
    for (const status of ['ready', 'shipped']) {
      const moved = await patch(vendor, payment.orderId, status);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().order).toMatchObject({ status, orderStatus: 'pending', fulfilment: { kind: 'delivery' } });
      expect(await trackedStatus(buyer, payment._id)).toMatchObject({ shops: [{ status }] });
    }
    expect((await patch(vendor, payment.orderId, 'ready')).statusCode).toBe(409);
    const delivered = await patch(vendor, payment.orderId, 'delivered');
    expect(delivered.json().order).toMatchObject({ status: 'delivered', orderStatus: 'complete' });
  });
});

describe('GET /api/orders/:id/tracking', () => {
  it("shows the buyer each shop's step, by order id or payment id", async () => {
    const order = await insertOrder(t, carol, [
      { product: carrots, amount: 1 },
      { product: leeks, amount: 1 },
      { product: honey, amount: 1 },
    ]);
    await patch(alice, order.orderId, 'shipped');
    for (const id of [order.orderId, order.paymentId]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/orders/${id}/tracking`, headers: carol.auth });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ _id: order.orderId, paymentId: order.paymentId, status: 'pending' });
      expect(body.shops).toEqual(
        expect.arrayContaining([
          {
            shopId: alice.id,
            shopName: "Alice's Farm",
            status: 'shipped',
            numberOfItems: 2,
            totalPrice: 6.5,
            fulfilment: null,
            cancellable: false,
            cancellableUntil: null,
            onCancel: { refund: 0, release: 0 },
            slotCancelled: null,
          },
          {
            shopId: bob.id,
            shopName: "Bob's Farm",
            status: 'pending',
            numberOfItems: 1,
            totalPrice: 9.99,
            fulfilment: null,
            cancellable: true,
            cancellableUntil: null,
            onCancel: { refund: 0, release: 0 },
            slotCancelled: null,
          },
        ]),
      );
      expect(body.shops).toHaveLength(2);
    }
  });

  it('is private to the buyer and admins', async () => {
    const order = await insertOrder(t, carol, [{ product: carrots, amount: 1 }]);
    const url = `/api/orders/${order.orderId}/tracking`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: dave.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.auth })).statusCode).toBe(200);
  });
});

describe('GET /api/orders', () => {
  it('lists every order for admins only, paginated', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: alice.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: carol.auth })).statusCode).toBe(403);
    const latest = await insertOrder(t, dave, [
      { product: carrots, amount: 4 },
      { product: honey, amount: 1 },
    ]);
    const all = await t.db.select({ id: orders.id }).from(orders);
    const response = await t.app.inject({ method: 'GET', url: '/api/orders?limit=3', headers: admin.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: all.length, page: 1, limit: 3, pages: Math.ceil(all.length / 3) });
    expect(body.items).toHaveLength(3);
    expect(body.items[0]).toMatchObject({
      _id: latest.orderId,
      paymentId: latest.paymentId,
      name: 'Dave',
      email: dave.email,
      price: 19.99,
      numberOfItems: 2,
      status: 'pending',
    });
  });
});
