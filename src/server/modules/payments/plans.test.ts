import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CommissionSettings } from '#contract/payouts.ts';
import { PRODUCT_LIMIT_MESSAGE } from '#contract/products.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createProduct } from '../../test/factories.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { products } from '../catalog/tables.ts';
import { addToCart, confirmOrder, payCart } from '../checkout/test-fixtures.ts';
import { shops } from '../shops/tables.ts';
import { vendorPayments } from './tables.ts';

/** The app's clock: unset, the real time; a test moves it to pay a month in the past. */
let clock: Date | undefined;
const t = madeBeforeAll(async () => {
  const database = await createTestDatabase();
  const app = await buildTestApp(database.url, {}, { now: () => clock ?? new Date() });
  return {
    ...app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
});
afterAll(() => t.close());

const admin = setupUser(t, { role: 'admin' });
const DAY = 24 * 3600 * 1000;

const SPEC_NORMAL = {
  key: 'normal',
  name: 'Normal',
  productLimit: 5,
  price: 0,
  billing: 'free',
  commissionPercent: 10,
  goldBadge: false,
  position: 0,
  active: true,
};
const SPEC_PREMIUM = {
  key: 'premium',
  name: 'Premium',
  productLimit: null,
  price: 1000,
  billing: 'one-off',
  commissionPercent: 5,
  goldBadge: true,
  position: 1,
  active: true,
};
/** A plan's fields as the admin's form sends them. */
const asInput = ({ key: _key, productLimit, ...plan }: typeof SPEC_NORMAL | typeof SPEC_PREMIUM) => ({
  ...plan,
  unlimited: productLimit === null,
  ...(productLimit === null ? {} : { productLimit }),
});

const putPlan = (user: TestUser | null, key: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/membership-plans/${key}`, headers: user?.auth, payload });
const offered = async () => (await t.app.inject({ url: '/api/membership-plans' })).json().plans;
const allowance = async (vendor: TestUser) =>
  (await t.app.inject({ url: '/api/products/vendor/allowance', headers: vendor.auth })).json();

const newProduct = {
  productName: 'Heirloom Tomatoes',
  productDetails: 'Sun-ripened, picked this morning.',
  productCategory: 'vegetable',
  productQuantity: 25,
  productionCost: 4,
  profitMargin: 12.5,
  productManufacturingDate: '2026-01-10',
  productExpireDate: dayFromToday(365),
  productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
};
const addProduct = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: user.auth, payload: newProduct });
async function withProducts(n: number, membership: 'normal' | 'premium' = 'normal') {
  const vendor = await createUser(t, { role: 'vendor', membership });
  for (let i = 0; i < n; i++) await createProduct(t, vendor, { priceCents: 1000 });
  return vendor;
}
const listed = async (vendor: TestUser) =>
  (
    await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.vendorId, vendor.id), eq(products.listed, true)))
  ).length;

/** Buy Now: starts the membership payment, pays it with the sandbox's good card and records it, as the page does. */
async function buyNow(vendor: TestUser, payload: object = { price: 1000 }) {
  const started = await t.app.inject({ method: 'POST', url: '/api/vendor-payment', headers: vendor.auth, payload });
  if (started.statusCode !== 201) return { started, recorded: undefined };
  const intent = started.json();
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: vendor.auth,
    payload: { ...intent, cardNumber: '4242424242424242', expiry: '10/35', cvc: '321' },
  });
  const recorded = await t.app.inject({
    method: 'POST',
    url: '/api/vendorPayments',
    headers: vendor.auth,
    payload: { email: vendor.email, price: 1000, transactionId: intent.paymentIntentId },
  });
  return { started, recorded };
}

/** The plans as seeded: every test that changes one puts the spec's back. */
afterEach(async () => {
  clock = undefined;
  await putPlan(admin, 'normal', asInput(SPEC_NORMAL));
  await putPlan(admin, 'premium', asInput(SPEC_PREMIUM));
});

describe('membership plans', () => {
  it('are seeded with the spec’s normal and premium memberships, which anyone may read', async () => {
    expect(await offered()).toEqual([SPEC_NORMAL, SPEC_PREMIUM]);
    const all = await t.app.inject({ url: '/api/admin/membership-plans', headers: admin.auth });
    expect(all.json().plans).toEqual([SPEC_NORMAL, SPEC_PREMIUM]);
  });

  it('are set by the admin only, with a message for each wrong field', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const customer = await createUser(t);
    expect((await putPlan(null, 'normal', asInput(SPEC_NORMAL))).statusCode).toBe(401);
    expect((await putPlan(vendor, 'normal', { ...asInput(SPEC_NORMAL), productLimit: 50 })).statusCode).toBe(403);
    expect((await putPlan(customer, 'normal', asInput(SPEC_NORMAL))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/membership-plans', headers: vendor.auth })).statusCode).toBe(403);

    const normal = asInput(SPEC_NORMAL);
    const cases: [string, object, string, string][] = [
      ['normal', { ...normal, name: '  ' }, 'name', 'Enter the plan’s name'],
      [
        'normal',
        { ...normal, productLimit: 0 },
        'productLimit',
        'The product limit is at least 1, or choose unlimited',
      ],
      ['normal', { ...normal, productLimit: undefined }, 'productLimit', 'Enter how many products the plan allows'],
      ['normal', { ...normal, productLimit: 2.5 }, 'productLimit', 'The product limit is a whole number'],
      ['premium', { ...asInput(SPEC_PREMIUM), price: -1 }, 'price', 'The price cannot be negative'],
      ['premium', { ...asInput(SPEC_PREMIUM), price: 10.001 }, 'price', 'Use whole cents'],
      ['premium', { ...asInput(SPEC_PREMIUM), price: 0 }, 'price', 'A paid plan costs more than $0'],
      ['normal', { ...normal, price: 5 }, 'price', 'A free plan costs $0'],
      ['normal', { ...normal, commissionPercent: 101 }, 'commissionPercent', 'A commission is at most 50%'],
      ['normal', { ...normal, commissionPercent: -1 }, 'commissionPercent', 'A commission cannot be negative'],
      ['normal', { ...normal, commissionPercent: 2.345 }, 'commissionPercent', 'Use at most two decimals'],
      ['normal', { ...normal, billing: 'weekly' }, 'billing', 'Choose free, one-off or monthly'],
      ['normal', { ...normal, billing: 'monthly', price: 5 }, 'billing', 'The normal membership stays free'],
      ['normal', { ...normal, active: false }, 'active', 'The normal membership stays offered'],
      ['Bad Key!', normal, 'key', 'A plan’s key is 2 to 30 lower-case letters, digits or dashes'],
    ];
    for (const [key, payload, field, message] of cases) {
      const answer = await putPlan(admin, encodeURIComponent(key), payload);
      expect(answer.statusCode, `${field}: ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(answer.json().error.fields ?? {}), message).toContain(field);
      expect(answer.body).toContain(message);
    }
    expect(await offered()).toEqual([SPEC_NORMAL, SPEC_PREMIUM]);

    const changed = await putPlan(admin, 'normal', { ...normal, name: 'Starter', productLimit: 8 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...SPEC_NORMAL, name: 'Starter', productLimit: 8 });
  });

  it('limit products from the change on: a shop over a lowered limit keeps its products and adds no more', async () => {
    const vendor = await withProducts(4);
    expect((await putPlan(admin, 'normal', { ...asInput(SPEC_NORMAL), productLimit: 3 })).statusCode).toBe(200);
    expect(await allowance(vendor)).toEqual({
      membership: 'normal',
      productCount: 4,
      limit: 3,
      canAdd: false,
      message: PRODUCT_LIMIT_MESSAGE,
    });
    const refused = await addProduct(vendor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PRODUCT_LIMIT_MESSAGE);
    expect(await listed(vendor)).toBe(4);

    // Without an unlimited premium plan on offer the spec's words would be false: the plan's own are said.
    await putPlan(admin, 'premium', { ...asInput(SPEC_PREMIUM), active: false });
    expect((await addProduct(vendor)).json().error.message).toBe(
      'You are not able to add more products. The Normal membership holds at most 3 products; choose another membership to add more.',
    );
  });

  it('let a shop add more when the limit is raised or made unlimited', async () => {
    const vendor = await withProducts(5);
    expect((await addProduct(vendor)).statusCode).toBe(409);
    await putPlan(admin, 'normal', { ...asInput(SPEC_NORMAL), productLimit: 20 });
    expect((await addProduct(vendor)).statusCode).toBe(201);
    expect(await allowance(vendor)).toMatchObject({ productCount: 6, limit: 20, canAdd: true, message: null });
    await putPlan(admin, 'normal', { ...asInput(SPEC_NORMAL), unlimited: true, productLimit: 3 });
    expect((await offered())[0].productLimit).toBeNull();
    expect((await addProduct(vendor)).statusCode).toBe(201);
  });

  it('are bought with Buy Now at the price the server knows then, which a later change leaves as paid', async () => {
    await putPlan(admin, 'premium', { ...asInput(SPEC_PREMIUM), price: 750 });
    const vendor = await withProducts(5);
    const { started, recorded } = await buyNow(vendor);
    expect(started.json()).toMatchObject({ amount: 750, subtotal: 750 });
    expect(recorded?.statusCode).toBe(201);
    expect(recorded?.json()).toMatchObject({ price: 750, membership: 'premium', paidUntil: null });
    expect(await allowance(vendor)).toMatchObject({ membership: 'premium', limit: null, canAdd: true });
    expect((await addProduct(vendor)).statusCode).toBe(201);

    await putPlan(admin, 'premium', { ...asInput(SPEC_PREMIUM), price: 1200 });
    const [paid] = await t.db.select().from(vendorPayments).where(eq(vendorPayments.userId, vendor.id));
    expect(paid).toMatchObject({ priceCents: 75_000, planKey: 'premium' });
    const other = await createUser(t, { role: 'vendor' });
    expect((await buyNow(other)).started.json()).toMatchObject({ amount: 1200 });
    // A one-off plan held is not sold again; the free plan is not sold at all.
    expect((await buyNow(vendor)).started.statusCode).toBe(409);
    expect((await buyNow(other, { price: 1000, plan: 'normal' })).started.statusCode).toBe(409);
  });

  it('paid monthly lapse to the normal plan’s limit after their month, keeping the products, and renew with Buy Now', async () => {
    const added = await putPlan(admin, 'market-stall', {
      name: 'Market stall',
      unlimited: false,
      productLimit: 10,
      price: 25,
      billing: 'monthly',
      commissionPercent: 8,
      goldBadge: false,
      position: 2,
      active: true,
    });
    expect(added.statusCode).toBe(200);
    expect((await offered()).map((plan: { key: string }) => plan.key)).toEqual(['normal', 'premium', 'market-stall']);

    const vendor = await withProducts(5);
    clock = new Date(Date.now() - 40 * DAY);
    const { started, recorded } = await buyNow(vendor, { price: 1000, plan: 'market-stall' });
    expect(started.json()).toMatchObject({ amount: 25 });
    const paidUntil = new Date(recorded?.json().paidUntil);
    expect(paidUntil.getTime() - clock.getTime()).toBeGreaterThanOrEqual(28 * DAY);
    expect(paidUntil.getTime()).toBeLessThan(Date.now());

    clock = new Date(Date.now() - 20 * DAY); // within the month paid
    expect(await allowance(vendor)).toMatchObject({ membership: 'market-stall', limit: 10, canAdd: true });
    expect((await addProduct(vendor)).statusCode).toBe(201);

    clock = undefined; // the month is over
    expect(await allowance(vendor)).toMatchObject({ membership: 'normal', productCount: 6, limit: 5, canAdd: false });
    expect((await addProduct(vendor)).statusCode).toBe(409);
    expect(await listed(vendor)).toBe(6);
    const [shop] = await t.db.select().from(shops).where(eq(shops.vendorId, vendor.id));
    expect(shop.membership).toBe('market-stall');

    const renewed = await buyNow(vendor, { plan: 'market-stall' });
    expect(renewed.recorded?.statusCode).toBe(201);
    expect(new Date(renewed.recorded?.json().paidUntil).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(await allowance(vendor)).toMatchObject({ membership: 'market-stall', canAdd: true });
    // Paying again before the month ends adds a month after it.
    const again = await buyNow(vendor, { plan: 'market-stall' });
    expect(new Date(again.recorded?.json().paidUntil).getTime()).toBeGreaterThan(Date.now() + 55 * DAY);
  });

  it('charge new orders the commission of the shop’s plan as it is then; orders placed before keep theirs', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const buy = async () => {
      const shopper = await createUser(t);
      const product = await createProduct(t, vendor, { priceCents: 1000 });
      await addToCart(t, shopper, product.id, 1);
      const { intent } = await payCart(t, shopper);
      return (await confirmOrder(t, shopper, intent.paymentIntentId)).json().orderId as string;
    };
    const rates = async () => {
      const page = (await t.app.inject({ url: '/api/vendor/orders', headers: vendor.auth })).json();
      return Object.fromEntries(
        page.items.map((item: { _id: string; lines: { commissionPercent: number }[] }) => [
          item._id,
          item.lines[0].commissionPercent,
        ]),
      );
    };
    const before = await buy();
    await putPlan(admin, 'normal', { ...asInput(SPEC_NORMAL), commissionPercent: 12.5 });
    const after = await buy();
    expect(await rates()).toEqual({ [before]: 10, [after]: 12.5 });

    // The admin's commission page reads the plans' rates and records the change.
    const commission = (
      await t.app.inject({ url: '/api/admin/commission', headers: admin.auth })
    ).json() as CommissionSettings;
    expect(commission.current).toMatchObject({ normalPercent: 12.5, premiumPercent: 5 });
    expect(commission.history[0]).toMatchObject({ normalPercent: 10, premiumPercent: 5 });
  });
});
