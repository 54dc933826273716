import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createProduct } from '../../test/factories.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { shopWith } from '../checkout/fulfilment-fixtures.ts';
import { checkoutDetails } from '../checkout/test-fixtures.ts';
import { favouriteProducts } from '../favourites/tables.ts';
import { createMailer, deleteOldSentNotifications, deliverDueNotifications } from '../notifications/index.ts';
import { notificationOutbox, notifications } from '../notifications/tables.ts';
import { insertProduct, moveOrder, type TestProduct } from '../orders/order-fixtures.ts';
import { orderInSlot } from '../orders/slot-order-fixtures.ts';
import { tellFavouritesMarkedDown } from './favourite-markdowns.ts';
import { restock, takeStock } from './stock.ts';
import { products } from './tables.ts';

const t = setupTestApp();

/** The vendor sets the product's stock through the edit form's API (PUT /api/products/:id). */
async function setStock(product: TestProduct, stock: number) {
  const edited = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${product.id}`,
    headers: product.vendor.auth,
    payload: {
      productName: product.name,
      productDetails: `${product.name} from the test farm`,
      productQuantity: stock,
      productionCost: product.priceCents / 100,
      profitMargin: 0,
      productManufacturingDate: '2026-01-01',
      productExpireDate: dayFromToday(365),
      productImage: '/uploads/test.webp',
    },
  });
  expect(edited.statusCode, edited.body).toBe(200);
}
const favourite = (user: TestUser, product: { id: string }) =>
  t.app.inject({ method: 'PUT', url: `/api/favourites/products/${product.id}`, headers: user.auth });
/** The outbox rows of one kind written for the user: [channel, payload]. */
type Kind = 'back_in_stock' | 'marked_down' | 'low_stock' | 'shopper_cancelled';
const told = async (user: TestUser, kind: Kind) =>
  (
    await t.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, user.id), eq(notificationOutbox.kind, kind)))
      .orderBy(notificationOutbox.createdAt)
  ).map((row) => [row.channel, row.payload]);
const inApp = async (user: TestUser, kind: Kind) =>
  (await told(user, kind)).filter(([channel]) => channel === 'in_app').map(([, payload]) => payload);
const mailer = createMailer({ smtpUrl: undefined, from: 'Farmstall <hello@farmstall.test>', dataDir: os.tmpdir() });
const deliver = () => deliverDueNotifications(t.db, { mailer, publicUrl: 'http://farmstall.test' });
const bell = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.auth })).json().items;

describe('a favourite product back in stock', () => {
  it('tells each shopper who favourited it, at most once a business day, by e-mail unless turned off', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const tomatoes = await insertProduct(t, vendor, { name: 'Heirloom tomatoes', priceCents: 450, stock: 1 });
    const [fan, quietFan, stranger] = [await createUser(t), await createUser(t), await createUser(t)];
    await favourite(fan, tomatoes);
    await favourite(quietFan, tomatoes);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: quietFan.auth,
      payload: { back_in_stock: false },
    });
    expect(off.json()).toMatchObject({ back_in_stock: false });

    await setStock(tomatoes, 0);
    expect(await told(fan, 'back_in_stock')).toEqual([]); // selling out tells no shopper
    await setStock(tomatoes, 4);
    const payload = { kind: 'back_in_stock', productId: tomatoes.id, productName: 'Heirloom tomatoes', stock: 4 };
    expect((await told(fan, 'back_in_stock')).map(([channel]) => channel).sort()).toEqual(['email', 'in_app']);
    expect(await inApp(fan, 'back_in_stock')).toEqual([expect.objectContaining(payload)]);
    expect((await told(quietFan, 'back_in_stock')).map(([channel]) => channel)).toEqual(['in_app']);
    expect(await told(stranger, 'back_in_stock')).toEqual([]);

    // Sold out and back again the same day: nobody is told twice.
    await setStock(tomatoes, 0);
    await setStock(tomatoes, 3);
    expect(await inApp(fan, 'back_in_stock')).toHaveLength(1);

    // The next business day (the fan was last told the day before): told again.
    await t.db
      .update(favouriteProducts)
      .set({ backInStockToldOn: sql`current_date - 1` })
      .where(eq(favouriteProducts.productId, tomatoes.id));
    await setStock(tomatoes, 0);
    await setStock(tomatoes, 2);
    expect(await inApp(fan, 'back_in_stock')).toEqual([
      expect.objectContaining({ stock: 4 }),
      expect.objectContaining({ stock: 2 }),
    ]);

    await deliver();
    expect((await bell(fan))[0]).toMatchObject({
      kind: 'back_in_stock',
      title: 'Heirloom tomatoes is back in stock',
      body: `Heirloom tomatoes from ${vendor.name}'s Farm, one of your favourites, is back in stock: 2 left.`,
      link: `/productDetails/${tomatoes.id}`,
    });
  });

  it('tells them when a cancelled order puts a sold-out product back', async () => {
    const vendor = await shopWith(t);
    const { product, payment } = await orderInSlot(t, vendor, { stock: 2, units: 2 });
    const fan = await createUser(t);
    await favourite(fan, product);
    expect((await moveOrder(t, vendor, payment.orderId, 'cancelled')).statusCode).toBe(200);
    expect(await inApp(fan, 'back_in_stock')).toEqual([expect.objectContaining({ productId: product.id, stock: 2 })]);
  });
});

describe('a product sold in sizes from one pool (decision 052)', () => {
  it('is sold out for its shop once no size is left, and back for its fans with what each size has', async () => {
    const shop = await createUser(t, { role: 'vendor' });
    const eggs = await createProduct(t, shop, {
      name: 'Eggs',
      options: [
        { label: 'Half dozen', priceCents: 350, draws: 6 },
        { label: 'Dozen', priceCents: 650, draws: 12 },
      ],
      pool: 10,
    });
    const [half, dozen] = eggs.optionIds;
    const fan = await createUser(t);
    await favourite(fan, eggs);

    // 4 eggs left: not one half dozen, so sold out.
    await t.db.transaction((tx) => takeStock(tx, [{ optionId: half, amount: 1 }]));
    expect(await inApp(shop, 'low_stock')).toEqual([
      expect.objectContaining({
        stock: 4,
        sizes: [
          { label: 'Half dozen', available: 0 },
          { label: 'Dozen', available: 0 },
        ],
      }),
    ]);
    await t.db.transaction((tx) => restock(tx, [{ optionId: dozen, productId: eggs.id, amount: 1, draws: 12 }]));
    await deliver();
    expect((await bell(shop)).find((n: { kind: string }) => n.kind === 'low_stock')).toMatchObject({
      title: 'Eggs is sold out',
    });
    expect((await bell(fan))[0]).toMatchObject({
      kind: 'back_in_stock',
      body: `Eggs from ${shop.name}'s Farm, one of your favourites, is back in stock: Half dozen: 2 left, Dozen: 1 left.`,
    });
  });
});

describe('a favourite product marked down', () => {
  it('tells its shoppers the day its markdown window opens, once that day however often the job runs', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const bread = await insertProduct(t, vendor, { name: 'Rye bread', priceCents: 500 });
    const plain = await insertProduct(t, vendor, { name: 'Plain rolls', priceCents: 300 });
    // 30% off in its last 2 days: its window opens on 10 March, the day before its use-by date.
    await t.db
      .update(products)
      .set({ markdownPercent: 30, markdownDays: 2, expiresOn: '2027-03-11' })
      .where(eq(products.id, bread.id));
    const [fan, other] = [await createUser(t), await createUser(t)];
    await favourite(fan, bread);
    await favourite(other, plain);

    expect(await tellFavouritesMarkedDown(t.db, '2027-03-09')).toBe(0);
    expect(await tellFavouritesMarkedDown(t.db, '2027-03-10')).toBe(1);
    expect(await tellFavouritesMarkedDown(t.db, '2027-03-10')).toBe(0); // the job again the same day
    expect(await tellFavouritesMarkedDown(t.db, '2027-03-11')).toBe(0); // already in its window
    expect(await inApp(fan, 'marked_down')).toEqual([
      {
        kind: 'marked_down',
        productId: bread.id,
        productName: 'Rye bread',
        shopName: `${vendor.name}'s Farm`,
        percent: 30,
        useBy: '2027-03-11',
      },
    ]);
    expect(await told(other, 'marked_down')).toEqual([]);
    await deliver();
    expect((await bell(fan))[0]).toMatchObject({
      title: 'Rye bread is 30% off',
      body: `Rye bread from ${vendor.name}'s Farm, one of your favourites, is 30% off until its use-by date (Use by Thu 11 Mar).`,
    });
  });
});

describe('low stock', () => {
  it('tells the vendor once each time an edit or a sale takes the stock to 5 or below', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const eggs = await insertProduct(t, vendor, { name: 'Duck eggs', priceCents: 600, stock: 20 });
    await setStock(eggs, 6);
    expect(await told(vendor, 'low_stock')).toEqual([]);
    await setStock(eggs, 5); // crosses
    await setStock(eggs, 3); // already low
    await setStock(eggs, 0); // still the same crossing
    await setStock(eggs, 12);
    await setStock(eggs, 4); // crosses again
    expect(await inApp(vendor, 'low_stock')).toEqual([
      { kind: 'low_stock', productId: eggs.id, productName: 'Duck eggs', stock: 5 },
      { kind: 'low_stock', productId: eggs.id, productName: 'Duck eggs', stock: 4 },
    ]);
    expect((await told(vendor, 'low_stock')).filter(([channel]) => channel === 'email')).toHaveLength(2);

    const shop = await shopWith(t);
    const { product } = await orderInSlot(t, shop, { stock: 7, units: 3 });
    expect(await inApp(shop, 'low_stock')).toEqual([expect.objectContaining({ productId: product.id, stock: 4 })]);
    await deliver();
    expect((await bell(shop)).find((n: { kind: string }) => n.kind === 'low_stock')).toMatchObject({
      title: `${product.name} is running low`,
      body: `Only 4 of ${product.name} left in stock.`,
      link: '/dashboard/vendorProduct',
    });
  });
});

describe('a shopper cancelling a shop’s part', () => {
  it('tells the shop what was cancelled', async () => {
    const vendor = await shopWith(t);
    const { buyer, product, payment } = await orderInSlot(t, vendor, { cents: 1200, units: 2 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${payment.orderId}/shops/${vendor.id}/cancellation`,
      headers: buyer.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await told(vendor, 'shopper_cancelled')).map(([channel]) => channel).sort()).toEqual(['email', 'in_app']);
    await deliver();
    expect((await bell(vendor)).find((n: { kind: string }) => n.kind === 'shopper_cancelled')).toMatchObject({
      title: `${vendor.name}'s Farm: ${checkoutDetails.name} cancelled their order ${payment.orderNumber}`,
      body: `${checkoutDetails.name} cancelled their order ${payment.orderNumber} from ${vendor.name}'s Farm ($24.00). Its stock is back on sale; nothing needs packing.`,
      link: '/dashboard/vendorOrder',
    });
    // The shop's own cancellation tells the shopper, not the shop.
    const other = await orderInSlot(t, vendor);
    expect((await moveOrder(t, vendor, other.payment.orderId, 'cancelled')).statusCode).toBe(200);
    expect(await inApp(vendor, 'shopper_cancelled')).toEqual([
      expect.objectContaining({ lines: [expect.objectContaining({ name: product.name })] }),
    ]);
  });
});

describe('the outbox cleanup', () => {
  it('deletes rows delivered more than 30 days ago; the bell keeps their notifications', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    await deliver();
    const rows = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, buyer.id));
    expect(rows.every((row) => row.state === 'sent')).toBe(true);
    const now = new Date('2027-03-01T12:00:00Z');
    const [old, recent] = rows;
    await t.db
      .update(notificationOutbox)
      .set({ sentAt: new Date('2027-01-29T11:59:00Z') }) // 31 days before
      .where(eq(notificationOutbox.id, old.id));
    await t.db
      .update(notificationOutbox)
      .set({ sentAt: new Date('2027-02-01T12:01:00Z') }) // 28 days before
      .where(eq(notificationOutbox.id, recent.id));
    const pending = await t.db
      .insert(notificationOutbox)
      .values({ ...old, id: undefined, state: 'pending', sentAt: null, createdAt: new Date('2026-01-01T00:00:00Z') })
      .returning({ id: notificationOutbox.id });

    expect(await deleteOldSentNotifications(t.db, now)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, buyer.id))).map(
      (row) => row.id,
    );
    expect(left.sort()).toEqual([recent.id, pending[0].id].sort());
    const kept = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(kept).toHaveLength(1);
    expect((await bell(buyer)).map((n: { title: string }) => n.title)).toEqual([
      `Thank you for your order ${payment.orderNumber}`,
    ]);
  });
});
