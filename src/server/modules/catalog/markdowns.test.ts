import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart, startPayment } from '../checkout/test-fixtures.ts';
import { orderLines } from '../orders/tables.ts';
import { weighedProduct, weighOnly } from '../orders/weighed-fixtures.ts';
import { productsEnteringMarkdown } from './index.ts';
import { deals, products } from './tables.ts';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });
const otherVendor = setupUser(t, { role: 'vendor' });

const send = (user: TestUser | undefined, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth, payload });

async function product(id: string): Promise<Product> {
  const response = await send(undefined, 'GET', `/api/singleProduct/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const setShopRule = (user: TestUser, rule: object) => send(user, 'PUT', '/api/markdowns/shop', rule);

/** A product of `owner` at `priceCents` expiring `days` days from today, with its own rule when given. */
async function expiringIn(
  owner: TestUser,
  days: number,
  options: { priceCents?: number; rule?: { percent: number; days: number }; name?: string; stock?: number } = {},
) {
  const row = await createProduct(t, owner, {
    priceCents: options.priceCents ?? 1000,
    expiresOn: dayFromToday(days),
    name: options.name,
    stock: options.stock,
  });
  if (options.rule) {
    await t.db
      .update(products)
      .set({ markdownPercent: options.rule.percent, markdownDays: options.rule.days })
      .where(eq(products.id, row.id));
  }
  return row;
}

async function runDeal(productId: string, discountPercent: number) {
  await t.db.insert(deals).values({ productId, discountPercent, endsAt: new Date(Date.now() + 86_400_000) });
}

describe('a shop-wide markdown rule', () => {
  it('marks a product down from the first day of its window, never the day before', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    expect((await setShopRule(seller, { percent: 30, days: 2 })).json()).toEqual({ rule: { percent: 30, days: 2 } });
    const dayBefore = await expiringIn(seller, 2);
    const firstDay = await expiringIn(seller, 1);
    const lastDay = await expiringIn(seller, 0);

    expect((await product(dayBefore.id)).markdown).toBeNull();
    expect((await product(dayBefore.id)).productPrice).toBe(10);
    expect((await product(firstDay.id)).markdown).toEqual({ discountPercent: 30, price: 7, useBy: dayFromToday(1) });
    expect((await product(lastDay.id)).markdown).toEqual({ discountPercent: 30, price: 7, useBy: dayFromToday(0) });
    // The listed price stays the product's own: the markdown is beside it.
    expect((await product(firstDay.id)).productPrice).toBe(10);
  });

  it('is the vendor’s own: read back, replaced, removed; another vendor’s call changes only theirs', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    const rival = await createUser(t, { role: 'vendor' });
    await setShopRule(seller, { percent: 20, days: 3 });
    await setShopRule(rival, { percent: 50, days: 5 });
    await send(rival, 'DELETE', '/api/markdowns/shop');
    expect((await send(seller, 'GET', '/api/markdowns/shop')).json()).toEqual({ rule: { percent: 20, days: 3 } });
    expect((await send(rival, 'GET', '/api/markdowns/shop')).json()).toEqual({ rule: null });

    const marked = await expiringIn(seller, 1);
    expect((await product(marked.id)).markdown?.discountPercent).toBe(20);
    expect((await send(seller, 'DELETE', '/api/markdowns/shop')).json()).toEqual({ rule: null });
    expect((await product(marked.id)).markdown).toBeNull();
  });

  it('is for vendors only', async () => {
    const shopper = await createUser(t);
    expect((await setShopRule(shopper, { percent: 30, days: 2 })).statusCode).toBe(403);
    expect((await send(undefined, 'PUT', '/api/markdowns/shop', { percent: 30, days: 2 })).statusCode).toBe(401);
    expect((await send(undefined, 'GET', '/api/markdowns/shop')).statusCode).toBe(401);
  });

  it('refuses bad input with a message per field and keeps the rule it had', async () => {
    await setShopRule(vendor, { percent: 25, days: 2 });
    for (const [rule, fields] of [
      [
        { percent: 3, days: 20 },
        { percent: 'At least 5%', days: 'At most 14 days' },
      ],
      [
        { percent: 95, days: 0 },
        { percent: 'At most 90%', days: 'At least 1 day' },
      ],
      [
        { percent: 12.5, days: 1.5 },
        { percent: 'Whole percent only', days: 'Whole days only' },
      ],
      [{ percent: '30' }, { percent: 'Enter the percent off', days: 'Enter the number of days' }],
    ] as const) {
      const response = await setShopRule(vendor, rule);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect((await send(vendor, 'GET', '/api/markdowns/shop')).json()).toEqual({ rule: { percent: 25, days: 2 } });
  });
});

describe("a product's own markdown rule", () => {
  const form = {
    productName: 'Soft cheese',
    productDetails: 'Ripe and runny.',
    productQuantity: 5,
    productionCost: 10,
    profitMargin: 0,
    productManufacturingDate: dayFromToday(-10),
    productExpireDate: dayFromToday(2),
    productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
  };

  it('is set by the add and edit forms and overrides the shop’s rule', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    await setShopRule(seller, { percent: 10, days: 1 });
    const created = await send(seller, 'POST', '/api/products', {
      ...form,
      productCategory: 'milk',
      markdownPercent: 40,
      markdownDays: 3,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().insertedId;
    expect(created.json().product).toMatchObject({
      markdownRule: { percent: 40, days: 3 },
      markdown: { discountPercent: 40, price: 6, useBy: form.productExpireDate },
    });

    // An edit that does not send the rule (a spec client) keeps it; clearing it falls back to the shop's.
    const kept = await send(seller, 'PUT', `/api/products/${id}`, form);
    expect(kept.json().markdownRule).toEqual({ percent: 40, days: 3 });
    const cleared = await send(seller, 'PUT', `/api/products/${id}`, {
      ...form,
      productExpireDate: dayFromToday(0),
      markdownPercent: null,
      markdownDays: null,
    });
    expect(cleared.json()).toMatchObject({ markdownRule: null, markdown: { discountPercent: 10, price: 9 } });
  });

  it('is refused with field messages when half given or out of bounds', async () => {
    const cases = [
      [{ markdownPercent: 30 }, { markdownDays: 'Enter the days before expiry, or clear the percent' }],
      [{ markdownDays: 2, markdownPercent: null }, { markdownPercent: 'Enter the percent off, or clear the days' }],
      [
        { markdownPercent: 91, markdownDays: 15 },
        { markdownPercent: 'At most 90%', markdownDays: 'At most 14 days' },
      ],
    ] as const;
    for (const [rule, fields] of cases) {
      const response = await send(vendor, 'POST', '/api/products', { ...form, productCategory: 'milk', ...rule });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject(fields);
    }
  });

  it("cannot be set on another vendor's product", async () => {
    const theirs = await expiringIn(otherVendor, 1, { name: 'Not yours' });
    const response = await send(vendor, 'PUT', `/api/products/${theirs.id}`, {
      ...form,
      markdownPercent: 90,
      markdownDays: 14,
    });
    expect(response.statusCode).toBe(403);
    expect((await product(theirs.id)).markdownRule).toBeNull();
    expect((await product(theirs.id)).markdown).toBeNull();
  });
});

describe('markdown and deal', () => {
  it('never stack: the better one is charged at payment, recorded on the order lines and named on the invoice', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    const shopper = await createUser(t);
    await setShopRule(seller, { percent: 30, days: 2 });
    // Milk: deal 20%, markdown 30% (the markdown wins). Bread: deal 40%, markdown 30% (the deal wins).
    const milk = await expiringIn(seller, 1, { name: 'Milk', priceCents: 1000 });
    const bread = await expiringIn(seller, 1, { name: 'Bread', priceCents: 500 });
    const jam = await expiringIn(seller, 30, { name: 'Jam', priceCents: 400 });
    await runDeal(milk.id, 20);
    await runDeal(bread.id, 40);

    expect((await product(milk.id)).markdown).toEqual({ discountPercent: 30, price: 7, useBy: dayFromToday(1) });
    expect((await product(bread.id)).markdown).toBeNull();
    expect((await product(bread.id)).deal?.price).toBe(3);

    await addToCart(t, shopper, milk.id, 2);
    await addToCart(t, shopper, bread.id, 1);
    await addToCart(t, shopper, jam.id, 1);
    const cart = (await send(shopper, 'GET', `/api/carts?email=${shopper.email}`)).json();
    const line = (name: string) => cart.find((l: { name: string }) => l.name === name);
    expect(line('Milk')).toMatchObject({
      price: 7,
      spendMoney: 14,
      saving: { kind: 'markdown', percent: 30, label: 'Near-expiry markdown −30%', listPrice: 10 },
    });
    expect(line('Bread')).toMatchObject({
      price: 3,
      saving: { kind: 'deal', percent: 40, label: 'Deal −40%', listPrice: 5 },
    });
    expect(line('Jam')).toMatchObject({ price: 4, saving: null });

    const { intent, paid } = await payCart(t, shopper);
    expect(intent.amount).toBe(14 + 3 + 4);
    expect(paid.statusCode).toBe(200);
    const order = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();

    const lines = await t.db
      .select({
        itemName: orderLines.itemName,
        unitPriceCents: orderLines.unitPriceCents,
        totalCents: orderLines.totalCents,
        saving: orderLines.saving,
        savingPercent: orderLines.savingPercent,
        listPriceCents: orderLines.listPriceCents,
      })
      .from(orderLines)
      .where(eq(orderLines.productId, milk.id));
    expect(lines).toEqual([
      {
        itemName: 'Milk',
        unitPriceCents: 700,
        totalCents: 1400,
        saving: 'markdown',
        savingPercent: 30,
        listPriceCents: 1000,
      },
    ]);

    const invoice = (await send(shopper, 'GET', `/api/invoice/${order._id}`)).json();
    expect(invoice.grandTotal).toBe(21);
    const item = (name: string) => invoice.items.find((i: { name: string }) => i.name === name);
    expect(item('Milk')).toMatchObject({
      unitPrice: 7,
      totalAmount: 14,
      saving: { label: 'Near-expiry markdown −30%' },
    });
    expect(item('Bread')).toMatchObject({ unitPrice: 3, saving: { label: 'Deal −40%' } });
    expect(item('Jam').saving).toBeNull();

    const pdf = pdfText((await send(shopper, 'GET', `/api/invoice/${order._id}/pdf`)).rawPayload);
    expect(pdf).toContain('Near-expiry markdown -30%, was $10.00');
    expect(pdf).toContain('Deal -40%, was $5.00');
  });

  it('a coupon comes off the marked-down goods', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    const admin = await createUser(t, { role: 'admin' });
    const shopper = await createUser(t);
    await setShopRule(seller, { percent: 50, days: 3 });
    const cheese = await expiringIn(seller, 2, { priceCents: 3000 });
    const code = `HALF${Date.now()}`;
    const coupon = await send(admin, 'POST', '/api/coupons', { code, kind: 'percent', value: 10 });
    expect(coupon.statusCode).toBe(201);
    await addToCart(t, shopper, cheese.id, 2);
    const started = await startPayment(t, shopper, { price: 0, couponCode: code });
    // $60 of cheese marked down 50% is $30; 10% off that is $3.
    expect(started.json()).toMatchObject({ subtotal: 30, discount: 3, amount: 27 });
  });

  it('a weighed product is charged its marked-down price per kg for the weight packed', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    const shopper = await createUser(t);
    await setShopRule(seller, { percent: 25, days: 2 });
    const beef = await weighedProduct(t, seller, { pricePerKgCents: 2000, gramsPerPiece: 500, name: 'Beef' });
    await t.db
      .update(products)
      .set({ expiresOn: dayFromToday(1) })
      .where(eq(products.id, beef.id));
    await addToCart(t, shopper, beef.id, 2);
    const cart = (await send(shopper, 'GET', `/api/carts?email=${shopper.email}`)).json();
    // 1 kg estimated at $15.00 a kg (25% off $20.00).
    expect(cart[0]).toMatchObject({ price: 15, spendMoney: 15, saving: { kind: 'markdown', percent: 25 } });
    const { intent } = await payCart(t, shopper);
    const order = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
    await weighOnly(t, seller, order.orderId, 1100);
    // 1.1 kg at $15.00 a kg.
    const invoice = (await send(shopper, 'GET', `/api/invoice/${order._id}`)).json();
    expect(invoice.items[0]).toMatchObject({
      unitPrice: 15,
      totalAmount: 16.5,
      saving: { label: 'Near-expiry markdown −25%', listPrice: 20 },
    });
    // The card hold is on the marked-down estimate ($15.00) plus the hold margin.
    expect(invoice.hold).toMatchObject({ authorized: 16.5 });
  });
});

describe('GET /api/products/last-chance', () => {
  it('lists the marked-down products in stock, soonest expiry first, none whose deal is better', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    await setShopRule(seller, { percent: 30, days: 3 });
    const later = await expiringIn(seller, 2, { name: 'Later' });
    const sooner = await expiringIn(seller, 0, { name: 'Sooner' });
    const dealBetter = await expiringIn(seller, 1, { name: 'Deal better' });
    await runDeal(dealBetter.id, 50);
    await expiringIn(seller, 1, { name: 'Sold out', stock: 0 });
    await expiringIn(seller, 3, { name: 'Not yet' });
    const ownRule = await expiringIn(otherVendor, 5, { name: 'Own rule', rule: { percent: 60, days: 7 } });

    const response = await send(undefined, 'GET', '/api/products/last-chance?limit=20');
    expect(response.statusCode).toBe(200);
    const shelf: Product[] = response.json();
    const ours = shelf.filter(
      (p) => [later.id, sooner.id, dealBetter.id, ownRule.id].includes(p._id) || p.shopId === seller.id,
    );
    expect(ours.map((p) => p.productName)).toEqual(['Sooner', 'Later', 'Own rule']);
    expect(ours[2].markdown).toEqual({ discountPercent: 60, price: 4, useBy: dayFromToday(5) });
    const expiries = shelf.map((p) => p.productExpireDate);
    expect(expiries).toEqual(expiries.toSorted());
  });

  it('refuses a limit out of bounds', async () => {
    const response = await send(undefined, 'GET', '/api/products/last-chance?limit=500');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('limit');
  });
});

describe('productsEnteringMarkdown (for favourites notifications)', () => {
  it('names the products whose markdown window opens on the given day only', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    await setShopRule(seller, { percent: 30, days: 2 });
    const opensToday = await expiringIn(seller, 1);
    const alreadyIn = await expiringIn(seller, 0);
    const opensTomorrow = await expiringIn(seller, 2);
    const ownRule = await expiringIn(seller, 4, { rule: { percent: 45, days: 5 } });
    const ids = [opensToday.id, alreadyIn.id, opensTomorrow.id, ownRule.id];

    const today = await productsEnteringMarkdown(t.db, dayFromToday(0), ids);
    expect(today.map((p) => p.productId).toSorted()).toEqual([opensToday.id, ownRule.id].toSorted());
    expect(today.find((p) => p.productId === ownRule.id)).toMatchObject({
      vendorId: seller.id,
      percent: 45,
      useBy: dayFromToday(4),
    });
    expect((await productsEnteringMarkdown(t.db, dayFromToday(1), ids)).map((p) => p.productId)).toEqual([
      opensTomorrow.id,
    ]);
    expect(await productsEnteringMarkdown(t.db, dayFromToday(0), [])).toEqual([]);
  });
});
