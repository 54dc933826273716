import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '#contract/categories.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { captures, sandboxPaymentIntents, transfers } from '../payments/tables.ts';
import { moveOrder } from './order-fixtures.ts';
import { vendorPart, weigh, weighedProduct } from './weighed-fixtures.ts';

/**
 * Each shop's money is its own (issue 36, item 1): a weighed line is charged at most its estimate plus the hold
 * margin, so one shop's weights never reach another shop's lines, charge or transfer (decision 038).
 */
const t = setupTestApp();

/** A butcher's 500 g piece at $20.00/kg (estimate $10.00, held $11.00) and a grocer's $10.00 item, one order. */
async function twoShopOrder(couponCode?: string) {
  const butcher = await createUser(t, { role: 'vendor' });
  const grocer = await createUser(t, { role: 'vendor' });
  const steak = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 500 });
  const honey = await createProduct(t, grocer, { priceCents: 1000 });
  const shopper = await createUser(t);
  await addToCart(t, shopper, steak.id, 1);
  await addToCart(t, shopper, honey.id, 1);
  const { intent, paid } = await payCart(t, shopper, { couponCode });
  expect(paid.statusCode, paid.body).toBe(200);
  const confirmed = await confirmOrder(t, shopper, intent.paymentIntentId);
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  const orderId: string = confirmed.json().orderId;
  const [line] = (await vendorPart(t, butcher, orderId)).lines;
  return { butcher, grocer, orderId, lineId: line._id, providerIntentId: intent.paymentIntentId };
}

async function deliver(vendor: TestUser, orderId: string) {
  expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
  expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
}

/** What the card was charged, and what each shop's transfer counted for its goods (cents). */
async function money(order: { orderId: string; providerIntentId: string; butcher: TestUser; grocer: TestUser }) {
  const [card] = await t.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, order.providerIntentId));
  const rows = await t.db.select().from(transfers).where(eq(transfers.orderId, order.orderId));
  const of = (vendor: TestUser) => rows.find((row) => row.shopId === vendor.id);
  return {
    charged: card.amountCapturedCents,
    butcher: { goods: of(order.butcher)?.goodsCents, paid: of(order.butcher)?.amountCents },
    grocer: { goods: of(order.grocer)?.goodsCents, paid: of(order.grocer)?.amountCents },
  };
}

const BOUND = 'At most 550 g can be charged for this line (its estimate of 500 g plus 10%)';

describe('a weighed line is charged at most its estimate plus the hold margin', () => {
  it('refuses 10,000,000 g for a 500 g piece, naming the bound: the other shop keeps its $10.00', async () => {
    const order = await twoShopOrder();
    await deliver(order.grocer, order.orderId);
    const heavy = await weigh(t, order.butcher, order.orderId, order.lineId, 10_000_000);
    expect(heavy.statusCode, heavy.body).toBe(400);
    expect(heavy.json().error).toMatchObject({ code: 'VALIDATION', message: BOUND, fields: { grams: BOUND } });

    expect((await weigh(t, order.butcher, order.orderId, order.lineId, 550)).json()).toMatchObject({
      actualGrams: 550,
      totalPrice: 11,
    });
    await deliver(order.butcher, order.orderId);
    expect(await money(order)).toMatchObject({
      charged: 2100,
      butcher: { goods: 1100 },
      grocer: { goods: 1000, paid: 900 },
    });
  });

  it('refuses an honest-looking +20% (600 g): the other shop is counted its $10.00, not $9.55', async () => {
    const order = await twoShopOrder();
    const over = await weigh(t, order.butcher, order.orderId, order.lineId, 600);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(BOUND);
    expect((await weigh(t, order.butcher, order.orderId, order.lineId, 540)).statusCode).toBe(200);
    await deliver(order.butcher, order.orderId);
    await deliver(order.grocer, order.orderId);
    expect(await money(order)).toMatchObject({
      charged: 2080,
      butcher: { goods: 1080 },
      grocer: { goods: 1000, paid: 900 },
    });
  });

  it('with a 15% coupon the other shop is counted its $8.50 whatever the butcher weighs (before: $8.00 to $8.57)', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const coupon = { code: 'OWN15', kind: 'percent', value: 15 };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/coupons', headers: admin.auth, payload: coupon })).statusCode,
    ).toBe(201);
    // $20.00 of estimates less 15% = $3.00, $1.50 on each line; the steak then costs its weight less $1.50.
    for (const [grams, butcherGoods] of [
      [250, 350],
      [400, 650],
      [550, 950],
    ]) {
      const order = await twoShopOrder('OWN15');
      expect((await weigh(t, order.butcher, order.orderId, order.lineId, grams)).statusCode).toBe(200);
      await deliver(order.butcher, order.orderId);
      await deliver(order.grocer, order.orderId);
      expect(await money(order), `${grams} g`).toMatchObject({
        charged: butcherGoods + 850,
        butcher: { goods: butcherGoods },
        grocer: { goods: 850, paid: 765 },
      });
    }
  });

  it('a line worth $100,000/kg weighed at 10,000 kg answers 400 with the bound, never 500', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const truffle = await weighedProduct(t, butcher, { pricePerKgCents: 10_000_000, gramsPerPiece: 5 });
    const shopper = await createUser(t);
    await addToCart(t, shopper, truffle.id, 1);
    const { intent } = await payCart(t, shopper);
    const orderId: string = (await confirmOrder(t, shopper, intent.paymentIntentId)).json().orderId;
    const [line] = (await vendorPart(t, butcher, orderId)).lines;
    const response = await weigh(t, butcher, orderId, line._id, 10_000_000);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(
      'At most 5 g can be charged for this line (its estimate of 5 g plus 10%)',
    );
  });

  it('a hold cut by its own tax rounding takes the cent off the tax, never off a shop’s goods', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: admin.auth, payload });
    const rates = (vegetable: number, fruit: number) =>
      Object.fromEntries(CATEGORY_VALUES.map((c) => [c, c === 'vegetable' ? vegetable : c === 'fruit' ? fruit : 0]));
    expect((await send('POST', '/api/coupons', { code: 'CUT15', kind: 'percent', value: 15 })).statusCode).toBe(201);
    expect(
      (await send('PUT', '/api/admin/tax', { pricesIncludeTax: false, rates: rates(29.91, 0.11) })).statusCode,
    ).toBe(200);
    const butcher = await createUser(t, { role: 'vendor' });
    const grocer = await createUser(t, { role: 'vendor' });
    const liver = await weighedProduct(t, butcher, { pricePerKgCents: 800, gramsPerPiece: 100 });
    const apples = await createProduct(t, grocer, { priceCents: 500, category: 'fruit' });
    const shopper = await createUser(t);
    await addToCart(t, shopper, liver.id, 1);
    await addToCart(t, shopper, apples.id, 1);
    const { intent } = await payCart(t, shopper, { couponCode: 'CUT15' });
    const orderId: string = (await confirmOrder(t, shopper, intent.paymentIntentId)).json().orderId;
    const [line] = (await vendorPart(t, butcher, orderId)).lines;
    // 15% of $5.80 is 87¢: 12¢ on the liver (est. 80¢), 75¢ on the apples. The hold taxes the coupon split over the
    // held amounts, $5.23 in all; at 110 g (88¢) the capture's taxes, on 76¢ and $4.25, ask $5.24.
    expect((await weigh(t, butcher, orderId, line._id, 110)).json()).toMatchObject({ totalPrice: 0.88 });
    await deliver(butcher, orderId);
    await deliver(grocer, orderId);
    const [hold] = await t.db.select().from(captures).where(eq(captures.orderId, orderId));
    expect(hold).toMatchObject({ amountCents: 523, notChargedCents: 1 });
    const order = { orderId, providerIntentId: intent.paymentIntentId, butcher, grocer };
    expect(await money(order)).toMatchObject({ charged: 523, butcher: { goods: 76 }, grocer: { goods: 425 } });
    const rows = await t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
    expect(rows.find((row) => row.shopId === butcher.id)?.taxCents).toBe(22);
    await send('PUT', '/api/admin/tax', { pricesIncludeTax: false, rates: rates(0, 0) });
  });
});
