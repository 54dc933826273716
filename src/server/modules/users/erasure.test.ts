import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FORMAT, ERASED_NAMES, WRONG_PASSWORD } from '#contract/account-data.ts';
import { createOrder, createReview } from '../../test/factories.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { choose, nextFridayNoon, openSlot, setupClockedApp, shopWith } from '../checkout/fulfilment-fixtures.ts';
import { addToCart, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { contactMessages } from '../contact/tables.ts';
import { createMailer, deliverDueNotifications } from '../notifications/index.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { orderLines, orders } from '../orders/tables.ts';
import { subscriptionPlans } from '../subscriptions/tables.ts';
import { users } from './tables.ts';

/** Leaving with one's data (issue 31, item 4; docs/privacy.md): the export, the deletion and the erasure's scan. */
let clock = nextFridayNoon();
const t = setupClockedApp(() => clock);
beforeEach(() => {
  clock = nextFridayNoon();
});

const mailer = createMailer({ smtpUrl: undefined, from: 'Farmstall <hello@farmstall.test>', dataDir: os.tmpdir() });
const deliver = () => deliverDueNotifications(t.db, { mailer, publicUrl: 'http://farmstall.test', limit: 1000 });

const exportOf = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/users/me/data', headers: user.auth });
const leave = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: user.auth, payload });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password } });

/** A vendor's weekly box plan as stored (no windows: the export and the erasure read the row). */
const weeklyBox = (shopId: string) => ({
  shopId,
  name: 'Weekly box',
  kind: 'box' as const,
  boxValueCents: 2500,
  boxContents: 'Greens',
  frequency: 'weekly' as const,
  pricing: 'per_delivery' as const,
});

let run = 0;
/** A shopper with a name, e-mail and phone found nowhere else in the database. */
async function person(): Promise<TestUser & { phone: string }> {
  run += 1;
  const tag = `${Date.now().toString(36)}${run}`;
  const user = await createUser(t, { name: `Zelda Quibble${tag}`, email: `zelda.${tag}@example.com` });
  const phone = `+1 555 ${String(run).padStart(3, '0')} ${Date.now().toString().slice(-4)}`;
  await t.db.update(users).set({ phone }).where(eq(users.id, user.id));
  return { ...user, phone };
}

/** Every order of the shopper delivered (their lines too), so nothing keeps the account open. */
async function fulfilAll(userId: string) {
  const ids = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map((o) => o.id);
  for (const id of ids) {
    await t.db.update(orders).set({ status: 'complete' }).where(eq(orders.id, id));
    await t.db.update(orderLines).set({ status: 'delivered' }).where(eq(orderLines.orderId, id));
  }
}

/**
 * The shopper buys a product of `vendor` for a pickup with a note, paying in the sandbox with their name, phone and
 * an address: an order, its payment, the shop's "order received" and the buyer's receipt in the outbox.
 */
async function buys(buyer: TestUser & { phone: string }, vendor: TestUser, address: string) {
  const product = await createProduct(t, vendor, { priceCents: 3000, stock: 20, name: `Eggs for ${buyer.id}` });
  await addToCart(t, buyer, product.id, 1);
  const slot = await openSlot(t, vendor.id);
  const note = `Leave it with ${buyer.name} at the gate`;
  expect((await choose(t, buyer, vendor.id, { slotId: slot.id, note })).statusCode).toBe(200);
  const details = { name: buyer.name, phoneNumber: buyer.phone, address };
  const { intent } = await payCart(t, buyer, { details });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/customerPayments',
    headers: buyer.auth,
    payload: { paymentIntentId: intent.paymentIntentId, ...details },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  return product;
}

/** Every text, varchar, text[] and jsonb column of every table, outside PostgreSQL's own schemas. */
async function textColumns() {
  const result = await t.db.execute<{ schema: string; table: string; column: string }>(sql`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE tb.table_type = 'BASE TABLE'
      AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND (c.data_type IN ('text', 'character varying', 'jsonb', 'json') OR c.udt_name IN ('_text', '_varchar'))`);
  return result.rows;
}

/** Where any of `words` still appears (case-insensitive): "schema.table.column: word". */
async function whereFound(words: string[]): Promise<string[]> {
  const found: string[] = [];
  const columns = await textColumns();
  expect(columns.length).toBeGreaterThan(50);
  for (const { schema, table, column } of columns) {
    for (const word of words) {
      const ident = sql.raw(`"${schema}"."${table}"`);
      const col = sql.raw(`"${column}"`);
      const result = await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${ident} WHERE ${col}::text ILIKE ${`%${word}%`}`,
      );
      if (result.rows[0].n > 0) found.push(`${schema}.${table}.${column}: ${word}`);
    }
  }
  return found;
}

describe('GET /api/users/me/data', () => {
  it('gives a customer every part of their data as a JSON download, and none of another user’s', async () => {
    const vendor = await shopWith(t);
    const buyer = await person();
    const other = await person();
    const product = await buys(buyer, vendor, '7 Hidden Lane, Portland');
    await buys(other, vendor, '9 Other Road, Portland');
    await createReview(t, product, buyer, 5, 'Lovely eggs');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/favourites/products/${product.id}`, headers: buyer.auth }))
        .statusCode,
    ).toBeLessThan(300);
    await deliver();

    const response = await exportOf(buyer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="farmstall-my-data-.*\.json"$/);
    const data = response.json();
    expect(data).toMatchObject({
      format: DATA_EXPORT_FORMAT,
      account: { id: buyer.id, email: buyer.email, name: buyer.name, phone: buyer.phone, role: 'customer' },
      reviews: [{ productId: product.id, rating: 5, text: 'Lovely eggs', productName: product.name }],
      favourites: { products: [{ productId: product.id }], shops: [] },
      shop: null,
      products: null,
      subscriptionPlans: null,
      statements: null,
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      orderNumber: expect.stringMatching(/^FS-/),
      payment: { orderName: buyer.name, phoneNumber: buyer.phone, address: '7 Hidden Lane, Portland' },
      lines: [{ itemName: product.name, amount: 1, unitPriceCents: 3000 }],
      handovers: [{ kind: 'pickup', note: `Leave it with ${buyer.name} at the gate` }],
    });
    expect(data.payments).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'card payment', purpose: 'checkout' })]),
    );
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('argon2');
    for (const word of [other.email, other.name, other.phone, '9 Other Road']) {
      expect(response.body.toLowerCase()).not.toContain(word.toLowerCase());
    }
  });

  it('gives a vendor its shop, products, subscription plans and monthly statements', async () => {
    const vendor = await shopWith(t);
    const product = await createProduct(t, vendor, { name: 'Vendor export cheese' });
    await t.db.insert(subscriptionPlans).values(weeklyBox(vendor.id));
    const response = await exportOf(vendor);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      account: { email: vendor.email, role: 'vendor' },
      shop: { vendorId: vendor.id, name: `${vendor.name}'s Farm` },
      products: [{ id: product.id, name: 'Vendor export cheese' }],
      subscriptionPlans: [{ name: 'Weekly box', boxValueCents: 2500, items: [], windowIds: [], endedAt: null }],
      statements: [],
      orders: [],
    });
  });

  it('is for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/data' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('needs the right password: a wrong one is refused with a message and changes nothing', async () => {
    const buyer = await person();
    const response = await leave(buyer, { password: 'Wrong#123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(WRONG_PASSWORD);
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row).toMatchObject({ email: buyer.email, name: buyer.name, disabledAt: null });
    expect((await exportOf(buyer)).statusCode).toBe(200);
  });

  it('counts each try as a sign-in guess: after ten wrong passwords, 429 even for the right one, and sign-in too', async () => {
    const buyer = await person();
    for (let i = 0; i < 10; i += 1) expect((await leave(buyer, { password: `Wrong#Guess${i}` })).statusCode).toBe(400);
    const limited = await leave(buyer, { password: buyer.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(signIn.statusCode).toBe(429);
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row.disabledAt).toBeNull();
  });

  it('erases the account: the old token is refused, sign-in fails, the e-mail signs up again as a new account', async () => {
    const buyer = await person();
    const response = await leave(buyer, { password: buyer.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deleted: true });

    expect((await exportOf(buyer)).statusCode).toBe(401);
    expect((await signIn(buyer.email, buyer.password)).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row).toMatchObject({ name: ERASED_NAMES.customer, phone: null, passwordHash: null, photoUrl: null });
    expect(row.email).toMatch(/^erased-[0-9a-f-]{36}@erased\.invalid$/);
    expect(row.disabledAt).not.toBeNull();

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Zelda Again', email: buyer.email, password: 'Fresh#2026!' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().insertedId).not.toBe(buyer.id);
    expect((await signIn(buyer.email, 'Fresh#2026!')).statusCode).toBe(200);
  });

  it('erases a shopper with an open order, keeping for the shop what the handover needs until it is handed over', async () => {
    const vendor = await shopWith(t);
    const buyer = await person();
    const address = `3 Waiting Road ${buyer.id.slice(0, 6)}, Portland`;
    await buys(buyer, vendor, address);

    const left = await leave(buyer, { password: buyer.password });
    expect(left.statusCode, left.body).toBe(200);
    expect((await exportOf(buyer)).statusCode).toBe(401);
    // The shop still sees who collects the open order: the name, phone and note given at checkout (not the e-mail).
    const shopView = await t.app.inject({ url: '/api/vendor/orders', headers: vendor.auth });
    const [open] = shopView.json().items;
    expect(JSON.stringify(open)).toContain(buyer.name);
    expect(JSON.stringify(open)).not.toContain(buyer.email);
    expect(await whereFound([buyer.email])).toEqual([]);

    // Handed over: the rest goes in the same transaction, its copies in the shop's notifications too.
    const step = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/vendor/orders/${open._id}`,
        headers: vendor.auth,
        payload: { status },
      });
    expect((await step('ready')).statusCode).toBe(200);
    expect(await whereFound([buyer.name, buyer.phone, address])).not.toEqual([]);
    expect((await step('delivered')).statusCode).toBe(200);
    expect(await whereFound([buyer.email, buyer.name, buyer.phone, address])).toEqual([]);
    const [kept] = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(kept).toMatchObject({ status: 'complete', name: ERASED_NAMES.customer });
    // Nobody is told about it at the erased account (no e-mail to the stand-in, no bell).
    expect(await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, buyer.id))).toEqual([]);
  });

  it('refuses a vendor with an open order of its shop, saying what remains', async () => {
    const vendor = await shopWith(t);
    const buyer = await person();
    await buys(buyer, vendor, '3 Waiting Road, Portland');

    const shop = await leave(vendor, { password: vendor.password });
    expect(shop.statusCode).toBe(409);
    expect(shop.json().error.message).toMatch(/cannot be deleted yet/);
    expect(shop.json().error.fields.shopOrders).toMatch(/1 open order to fulfil or cancel: FS-\d+/);
    const [row] = await t.db.select().from(users).where(eq(users.id, vendor.id));
    expect(row).toMatchObject({ email: vendor.email, disabledAt: null });

    await fulfilAll(buyer.id);
    const closed = await leave(vendor, { password: vendor.password });
    expect(closed.statusCode, closed.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/api/singleShop/${vendor.id}` });
    expect(page.statusCode).toBe(404);
  });

  it('ends a leaving vendor’s subscription plans, which stay as the shop’s offer (decision 065)', async () => {
    const vendor = await shopWith(t);
    const [plan] = await t.db.insert(subscriptionPlans).values(weeklyBox(vendor.id)).returning();
    const response = await leave(vendor, { password: vendor.password });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id));
    expect(row).toMatchObject({ name: 'Weekly box', boxValueCents: 2500 });
    expect(row.endedAt).not.toBeNull();
    expect((await t.app.inject({ url: `/api/subscription-plans/${plan.id}` })).statusCode).toBe(404);
  });

  it('refuses the last admin', async () => {
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const { id } of admins) await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));
    const admin = await createUser(t, { role: 'admin' });
    const response = await leave(admin, { password: admin.password });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.lastAdmin).toMatch(/last admin/);
  });

  it('asks an account without a password (Google) to type its e-mail instead', async () => {
    const buyer = await person();
    await t.db
      .update(users)
      .set({ passwordHash: null, googleSubject: `google-${buyer.id}` })
      .where(eq(users.id, buyer.id));
    expect((await leave(buyer, { email: 'someone@else.example' })).statusCode).toBe(400);
    const response = await leave(buyer, { email: buyer.email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row.googleSubject).toBeNull();
  });
});

describe('the erasure', () => {
  it('leaves none of the person’s e-mail, name or phone in any text column of any table', async () => {
    const vendor = await shopWith(t);
    const buyer = await person();
    const address = `42 Unfindable${buyer.id.slice(0, 6)} Street, Portland`;
    const product = await buys(buyer, vendor, address);
    await createReview(t, product, buyer, 4, 'Fresh and good');
    await t.app.inject({ method: 'PUT', url: `/api/favourites/products/${product.id}`, headers: buyer.auth });
    await t.app.inject({ method: 'PUT', url: `/api/favourites/shops/${vendor.id}`, headers: buyer.auth });
    await deliver();
    // An e-mail still waiting in the outbox, to the person's address.
    await t.db.insert(notificationOutbox).values({
      userId: buyer.id,
      email: buyer.email,
      channel: 'email',
      kind: 'order_placed',
      payload: sql`${JSON.stringify({ kind: 'order_placed', note: buyer.name })}::jsonb` as never,
    });
    await t.db.insert(contactMessages).values({
      name: buyer.name,
      email: buyer.email.toUpperCase(),
      phone: buyer.phone,
      subject: 'Hello',
      message: 'A question',
    });
    // A second, older order (delivered) through the factory, and a cart left open.
    await createOrder(t, buyer, [{ product: { ...product, vendor }, amount: 1 }]);
    await addToCart(t, buyer, product.id, 2);
    const words = [buyer.email, buyer.name, buyer.phone, address];
    expect((await whereFound(words)).length).toBeGreaterThan(5);

    await fulfilAll(buyer.id);
    const response = await leave(buyer, { password: buyer.password });
    expect(response.statusCode, response.body).toBe(200);

    expect(await whereFound(words)).toEqual([]);
    // Kept: the orders with their amounts and products, the review under 'Former customer'.
    const kept = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(kept).toHaveLength(2);
    expect(kept.every((order) => order.name === ERASED_NAMES.customer)).toBe(true);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.productId, product.id));
    expect(lines.some((line) => line.totalCents === 3000 && line.itemName === product.name)).toBe(true);
    const reviews = await t.app.inject({ method: 'GET', url: `/api/comments/${product.id}` });
    expect(reviews.statusCode).toBe(200);
    expect(reviews.body).toContain(ERASED_NAMES.customer);
    expect(reviews.body).not.toContain(buyer.name);
  });
});
