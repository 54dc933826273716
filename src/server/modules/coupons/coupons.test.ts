import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart, startPayment } from '../checkout/test-fixtures.ts';
import { sandboxPaymentIntents } from '../payments/tables.ts';
import { coupons } from './tables.ts';

const t = setupTestApp();
const admin = setupUser(t, { role: 'admin' });
const vendor = setupUser(t, { role: 'vendor' });

const create = (payload: object, user = admin) =>
  t.app.inject({ method: 'POST', url: '/api/coupons', headers: user.auth, payload });
const validate = (user: TestUser, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/coupons/validate', headers: user.auth, payload: { code } });

/** A shopper with a $40.00 cart. */
async function shopperWithCart() {
  const shopper = await createUser(t);
  const product = await createProduct(t, vendor, { priceCents: 1000, stock: 50 });
  await addToCart(t, shopper, product.id, 4);
  return shopper;
}

describe('coupons (admin)', () => {
  it('creates percent and fixed codes, upper-cased, and lists them newest first', async () => {
    const percent = await create({ code: 'spring10', kind: 'percent', value: 10, minOrder: 20, usageLimit: 5 });
    expect(percent.statusCode).toBe(201);
    expect(percent.json()).toMatchObject({
      code: 'SPRING10',
      kind: 'percent',
      value: 10,
      minOrder: 20,
      usageLimit: 5,
      usedCount: 0,
      state: 'active',
      expiresOn: null,
    });
    const lastDay = dayFromToday(30);
    const fixed = await create({ code: 'FIVE-OFF', kind: 'fixed', value: 5, expiresOn: lastDay });
    expect(fixed.json()).toMatchObject({ code: 'FIVE-OFF', value: 5, expiresOn: lastDay, minOrder: null });

    const page = await t.app.inject({ method: 'GET', url: '/api/coupons?page=1&limit=1', headers: admin.auth });
    expect(page.json()).toMatchObject({ total: 2, page: 1, limit: 1, pages: 2 });
    expect(page.json().items[0].code).toBe('FIVE-OFF');
  });

  it('refuses a coupon ending in 2020, and stores nothing', async () => {
    const response = await create({ code: 'LONG-GONE', kind: 'percent', value: 10, expiresOn: '2020-12-31' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { expiresOn: 'The last valid day cannot be in the past' },
    });
    expect(await t.db.select().from(coupons).where(eq(coupons.code, 'LONG-GONE'))).toEqual([]);
  });

  it('takes a first day from today on, and a last day not before the first', async () => {
    const past = await create({ code: 'PAST-START', kind: 'fixed', value: 1, startsOn: dayFromToday(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ startsOn: 'The first day cannot be in the past' });

    const backwards = { startsOn: dayFromToday(10), expiresOn: dayFromToday(5) };
    const reversed = await create({ code: 'BACKWARDS', kind: 'fixed', value: 1, ...backwards });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toEqual({ expiresOn: 'The last valid day cannot be before the first day' });

    const today = await create({
      code: 'ONE-DAY',
      kind: 'fixed',
      value: 1,
      startsOn: dayFromToday(0),
      expiresOn: dayFromToday(0),
    });
    expect(today.statusCode).toBe(201);
    expect(today.json()).toMatchObject({ state: 'active', expiresOn: dayFromToday(0) });
  });

  it('keeps a code that starts on a later day from working until then', async () => {
    const later = await create({ code: 'NEXT-WEEK', kind: 'percent', value: 10, startsOn: dayFromToday(7) });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ state: 'scheduled', startsOn: dayFromToday(7), expiresOn: null });
    const response = await validate(await shopperWithCart(), 'NEXT-WEEK');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('This coupon does not work yet.');
  });

  it('rejects duplicates and bad values with clear messages', async () => {
    await create({ code: 'ONCE', kind: 'fixed', value: 1 });
    const duplicate = await create({ code: 'once', kind: 'fixed', value: 2 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A coupon with the code ONCE already exists');
    const bad = await create({ code: 'x y', kind: 'percent', value: 150 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ code: 'Use letters, digits, - and _ only' });
    const tooMuch = await create({ code: 'BIG', kind: 'percent', value: 150 });
    expect(tooMuch.json().error.fields).toEqual({ value: 'A percent is a whole number from 1 to 100' });
  });

  it('deletes a code so it stops working', async () => {
    const created = (await create({ code: 'GONE', kind: 'fixed', value: 1 })).json();
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/coupons/${created._id}`, headers: admin.auth });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    const shopper = await shopperWithCart();
    expect((await validate(shopper, 'GONE')).json().error.message).toBe('This coupon code does not exist.');
  });

  it('is for admins only', async () => {
    const shopper = await createUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/coupons' })).statusCode).toBe(401);
    expect((await create({ code: 'NOPE', kind: 'fixed', value: 1 }, shopper)).statusCode).toBe(403);
    expect((await create({ code: 'NOPE', kind: 'fixed', value: 1 }, vendor)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/coupons', headers: shopper.auth })).statusCode).toBe(403);
    const id = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/coupons/${id}`, headers: shopper.auth })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/coupons/${id}`, headers: admin.auth })).statusCode).toBe(
      404,
    );
  });
});

describe('applying a coupon', () => {
  it('gives the discount on the current cart', async () => {
    await create({ code: 'TEN', kind: 'percent', value: 10 });
    const shopper = await shopperWithCart();
    const quote = await validate(shopper, ' ten ');
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toEqual({
      code: 'TEN',
      kind: 'percent',
      value: 10,
      subtotal: 40,
      discount: 4,
      total: 36,
      description: '10% off',
    });
  });

  it('says why a code cannot be used: unknown, expired, used up, minimum order', async () => {
    const shopper = await shopperWithCart();
    const old = (await create({ code: 'OLD', kind: 'fixed', value: 5, expiresOn: dayFromToday(0) })).json();
    await t.db
      .update(coupons)
      .set({ expiresAt: new Date('2024-01-02T00:00:00Z') })
      .where(eq(coupons.id, old._id));
    await create({ code: 'BIG-ORDER', kind: 'fixed', value: 5, minOrder: 100 });
    const usedUp = (await create({ code: 'USEDUP', kind: 'fixed', value: 5, usageLimit: 1 })).json();
    await t.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, usedUp._id));

    const reasons = await Promise.all(
      ['WHAT', 'OLD', 'USEDUP', 'BIG-ORDER'].map(async (code) => {
        const response = await validate(shopper, code);
        expect(response.statusCode).toBe(400);
        return response.json().error.message;
      }),
    );
    expect(reasons).toEqual([
      'This coupon code does not exist.',
      'This coupon has expired.',
      'This coupon has been used up.',
      'This coupon needs an order of at least $100.00.',
    ]);
  });

  it('never brings a total below the smallest card charge', async () => {
    await create({ code: 'HUGE', kind: 'fixed', value: 500 });
    const shopper = await shopperWithCart();
    expect((await validate(shopper, 'HUGE')).json()).toMatchObject({ discount: 39.5, total: 0.5 });
  });

  it('is applied again at payment and counts one use', async () => {
    const created = (await create({ code: 'PAYDAY', kind: 'fixed', value: 7.5, usageLimit: 1 })).json();
    const shopper = await shopperWithCart();
    const { intent } = await payCart(t, shopper, { couponCode: 'payday' });
    expect(intent).toMatchObject({ amount: 32.5 });
    const order = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(order.statusCode).toBe(201);
    expect(order.json()).toMatchObject({ price: 32.5, subtotal: 40, discount: 7.5, couponCode: 'PAYDAY' });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, created._id));
    expect(row.usedCount).toBe(1);

    // The only use is gone: a second shopper is told so before paying.
    const second = await shopperWithCart();
    const refused = await startPayment(t, second, { price: 1, couponCode: 'PAYDAY' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('This coupon has been used up.');
  });

  it('refunds a paid checkout whose coupon ran out meanwhile and keeps the limit', async () => {
    await create({ code: 'LASTONE', kind: 'percent', value: 50, usageLimit: 1 });
    const first = await shopperWithCart();
    const second = await shopperWithCart();
    const a = await payCart(t, first, { couponCode: 'LASTONE' });
    const b = await payCart(t, second, { couponCode: 'LASTONE' });
    expect((await confirmOrder(t, first, a.intent.paymentIntentId)).statusCode).toBe(201);
    const late = await confirmOrder(t, second, b.intent.paymentIntentId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This coupon has been used up. Your payment was refunded and nothing was charged.',
    );
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, 'LASTONE'));
    expect(row.usedCount).toBe(1);
    const [charge] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, b.intent.paymentIntentId));
    expect(charge.refundedAt).not.toBeNull();
  });

  it('needs a signed-in customer', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/coupons/validate', payload: { code: 'X' } })).statusCode,
    ).toBe(401);
    expect((await validate(vendor, 'TEN')).statusCode).toBe(403);
  });
});
