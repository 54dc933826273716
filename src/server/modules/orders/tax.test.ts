import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '#contract/categories.ts';
import { SANDBOX_TEST_BANK } from '#contract/payouts.ts';
import { setupTestApp } from '../../test/app.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { refunds, transferReversals, transfers } from '../payments/tables.ts';
import { moveOrder } from './order-fixtures.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/** Tax lines (decision 028): rates per category set by the admin, kept by each order line, charged and refunded. */

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });

const noTax = Object.fromEntries(CATEGORY_VALUES.map((category) => [category, 0]));

async function setTax(admin: TestUser, pricesIncludeTax: boolean, rates: Record<string, number>) {
  const set = await call(admin, 'PUT', '/api/admin/tax', { pricesIncludeTax, rates: { ...noTax, ...rates } });
  expect(set.statusCode, set.body).toBe(200);
  return set.json();
}

/** A vendor whose sandbox payout account is verified, so its transfers are sent. */
async function verifiedVendor() {
  const vendor = await createUser(t, { role: 'vendor' });
  await call(vendor, 'POST', '/api/payouts/account');
  await call(vendor, 'POST', '/api/payouts/sandbox/onboarding', { accountHolder: 'Tax Farm', ...SANDBOX_TEST_BANK });
  return vendor;
}

/** A shopper buys `amount` of each product; answers the intent the server priced and the order's id. */
async function buy(products: { id: string; amount: number }[], couponCode?: string) {
  const shopper = await createUser(t);
  for (const product of products) await addToCart(t, shopper, product.id, product.amount);
  const { intent, paid } = await payCart(t, shopper, { couponCode });
  expect(paid.statusCode).toBe(200);
  const order = await confirmOrder(t, shopper, intent.paymentIntentId);
  expect(order.statusCode, order.body).toBe(201);
  return {
    shopper,
    intent: intent as typeof intent & Record<string, unknown>,
    orderId: order.json().orderId as string,
  };
}

const linesOf = (orderId: string) =>
  t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.unitPriceCents);
async function paymentOf(orderId: string) {
  const [row] = await t.db
    .select({ priceCents: customerPayments.priceCents, taxCents: customerPayments.taxCents })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  return row;
}

let admin: TestUser;
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  await setTax(admin, false, {});
});

describe('tax on an order', () => {
  it('with tax-exclusive prices adds each line’s tax to the charge, one line per rate, rounded per line half up', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    await setTax(admin, false, { vegetable: 5, fruit: 8.25 });
    const carrots = await createProduct(t, vendor, { priceCents: 600 });
    const apples = await createProduct(t, vendor, { priceCents: 250, category: 'fruit' });
    const salt = await createProduct(t, vendor, { priceCents: 10, category: 'grains' });
    const { intent, orderId, shopper } = await buy([
      { id: carrots.id, amount: 2 },
      { id: apples.id, amount: 1 },
      { id: salt.id, amount: 1 },
    ]);
    // $12.00 at 5% is $0.60; $2.50 at 8.25% is 20.625¢, rounded half up to 21¢; grains are untaxed.
    expect(intent).toMatchObject({
      amount: 15.41,
      subtotal: 14.6,
      tax: 0.81,
      pricesIncludeTax: false,
      taxLines: [
        { percent: 5, base: 12, tax: 0.6 },
        { percent: 8.25, base: 2.5, tax: 0.21 },
      ],
    });
    expect(await paymentOf(orderId)).toEqual({ priceCents: 1541, taxCents: 81 });
    const [{ _id: paymentId }] = (await call(shopper, 'GET', `/api/customerPayments/${shopper.email}`)).json().items;
    const invoice = (await call(shopper, 'GET', `/api/invoice/${paymentId}`)).json();
    expect(invoice).toMatchObject({ grandTotal: 15.41, tax: 0.81, pricesIncludeTax: false, taxLines: intent.taxLines });
    const pdf = pdfText((await call(shopper, 'GET', `/api/invoice/${paymentId}/pdf`)).rawPayload)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(pdf).toContain('Tax 5% on $12.00');
    expect(pdf).toContain('Tax 8.25% on $2.50');
    expect((await linesOf(orderId)).map((l) => [l.taxBps, l.taxCents])).toEqual([
      [0, 0],
      [825, 21],
      [500, 60],
    ]);
  });

  it('keeps the rate it was sold under when the admin changes it, and refunds each cancelled line with its tax', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    await setTax(admin, false, { vegetable: 5 });
    const carrots = await createProduct(t, vendor, { priceCents: 600 });
    const { orderId } = await buy([{ id: carrots.id, amount: 2 }]);
    await setTax(admin, false, { vegetable: 20 });
    expect((await linesOf(orderId)).map((l) => [l.taxBps, l.taxCents])).toEqual([[500, 60]]);

    expect((await moveOrder(t, vendor, orderId, 'cancelled')).statusCode).toBe(200);
    const given = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(given.map((r) => r.amountCents)).toEqual([1260]);
  });

  it('with tax-inclusive prices charges the prices alone and says the tax they include', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    await setTax(admin, true, { vegetable: 5 });
    const carrots = await createProduct(t, vendor, { priceCents: 600 });
    // The cart says the rate and that the price includes it; an untaxed product says nothing.
    const looking = await createUser(t);
    await addToCart(t, looking, carrots.id, 1);
    await addToCart(t, looking, (await createProduct(t, vendor, { category: 'grains' })).id, 1);
    const cart = (await call(looking, 'GET', `/api/carts?email=${looking.email}`)).json();
    expect(cart.map((item: Record<string, unknown>) => [item.taxPercent, item.pricesIncludeTax])).toEqual([
      [5, true],
      [undefined, undefined],
    ]);
    const { intent, orderId } = await buy([{ id: carrots.id, amount: 2 }]);
    // $12.00 includes 12.00 × 5/105 = 57.14¢ of tax.
    expect(intent).toMatchObject({
      amount: 12,
      tax: 0,
      pricesIncludeTax: true,
      taxLines: [{ percent: 5, base: 12, tax: 0.57 }],
    });
    expect(await paymentOf(orderId)).toEqual({ priceCents: 1200, taxCents: 57 });
  });

  it('taxes what a coupon leaves of each line', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    await setTax(admin, false, { vegetable: 10 });
    expect((await call(admin, 'POST', '/api/coupons', { code: 'TAX20', kind: 'percent', value: 20 })).statusCode).toBe(
      201,
    );
    const carrots = await createProduct(t, vendor, { priceCents: 1000 });
    const { intent } = await buy([{ id: carrots.id, amount: 1 }], 'TAX20');
    expect(intent).toMatchObject({
      amount: 8.8,
      discount: 2,
      tax: 0.8,
      taxLines: [{ percent: 10, base: 8, tax: 0.8 }],
    });
  });

  it('keeps the tax out of the shop’s transfer, and gives its share back with a refund after delivery', async () => {
    const vendor = await verifiedVendor();
    await setTax(admin, false, { vegetable: 5 });
    const carrots = await createProduct(t, vendor, { priceCents: 1000 });
    const { orderId } = await buy([{ id: carrots.id, amount: 2 }]);
    expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
    expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
    // $20.00 of goods less 10% commission; the $1.00 of tax stays with the marketplace, which remits it.
    expect(transfer).toMatchObject({ goodsCents: 2000, taxCents: 100, commissionCents: 200, amountCents: 1800 });

    // The whole part back: $21.00, of which the shop gives back $18.00 and the marketplace $2.00 + $1.00 of tax.
    const refunded = await call(admin, 'POST', `/api/orders/${orderId}/shops/${vendor.id}/refunds`, { amount: 21 });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const [reversal] = await t.db.select().from(transferReversals).where(eq(transferReversals.transferId, transfer.id));
    expect(reversal).toMatchObject({ amountCents: 1800, commissionCents: 200, taxCents: 100 });

    // The vendor's statement: sales without the tax, which it lists per rate as the marketplace's to remit.
    const [month] = (await call(vendor, 'GET', '/api/payouts/statements')).json().months;
    const csv = (await call(vendor, 'GET', `/api/payouts/statements/${month}/csv`)).body;
    expect(csv).toContain('Total: Sales (goods and delivery),,,,,,,,,,,20.00');
    expect(csv).toContain('"Total: Tax 5% on $20.00 of sales, collected and remitted by Farmstall",,,,,,,,,,,1.00');
    expect(csv).toContain('Total: Tax given back on refunds,,,,,,,,,,,1.00');
    expect(csv).toContain(': reconciles');
    const tooMuch = await call(admin, 'POST', `/api/orders/${orderId}/shops/${vendor.id}/refunds`, { amount: 0.01 });
    expect(tooMuch.statusCode).toBe(409);
  });
});
