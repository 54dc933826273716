import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { cartItems } from '../cart/tables.ts';
import { productOptions, products } from '../catalog/tables.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import { paymentIntents, sandboxPaymentIntents } from '../payments/tables.ts';
import {
  addToCart,
  checkoutDetails,
  confirmOrder,
  createProduct,
  GOOD_CARD,
  payCart,
  payInSandbox,
  productRow,
  startPayment,
} from './test-fixtures.ts';

const t = setupTestApp();
const vendorA = setupUser(t, { role: 'vendor' });
const vendorB = setupUser(t, { role: 'vendor' });

async function cartCount(user: TestUser) {
  const [{ n }] = await t.db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, user.id));
  return n;
}
async function paymentCount(user: TestUser) {
  const [{ n }] = await t.db.select({ n: count() }).from(customerPayments).where(eq(customerPayments.userId, user.id));
  return n;
}

describe('checkout', () => {
  it('prices the cart on the server, whatever price the client sends', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendorA, { priceCents: 1234, stock: 5 });
    await addToCart(t, shopper, product.id, 2);
    const started = await startPayment(t, shopper, { price: 0.01 });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ provider: 'sandbox', amount: 24.68, subtotal: 24.68, discount: 0 });
    expect(started.json().clientSecret).toMatch(/^pi_sb_[0-9a-f]+_secret_/);
    const [row] = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, started.json().paymentIntentId));
    expect(row).toMatchObject({ amountCents: 2468, purpose: 'checkout', userId: shopper.id });
  });

  it('turns a paid cart from two shops into one order with lines copied at purchase', async () => {
    const shopper = await createUser(t);
    const apples = await createProduct(t, vendorA, { name: 'Apples', priceCents: 300, stock: 5 });
    const cheese = await createProduct(t, vendorB, { name: 'Cheese', priceCents: 850, stock: 2 });
    await addToCart(t, shopper, apples.id, 3);
    await addToCart(t, shopper, cheese.id, 1);
    const { intent, paid } = await payCart(t, shopper);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });

    const response = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(response.statusCode).toBe(201);
    const payment = response.json();
    expect(payment).toMatchObject({
      email: shopper.email,
      name: shopper.name,
      orderName: checkoutDetails.name,
      phoneNumber: checkoutDetails.phoneNumber,
      address: checkoutDetails.address,
      price: 17.5,
      transactionId: intent.paymentIntentId,
      status: 'pending',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(payment.productIds).toHaveLength(2);
    expect(payment.productIds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemName: 'Apples', amount: 3, price: 3, totalPrice: 9, shopId: vendorA.id }),
        expect.objectContaining({
          itemName: 'Cheese',
          amount: 1,
          price: 8.5,
          totalPrice: 8.5,
          shopId: vendorB.id,
        }),
      ]),
    );
    expect((await productRow(t, apples.id)).stock).toBe(2);
    expect((await productRow(t, cheese.id)).stock).toBe(1);
    expect(await cartCount(shopper)).toBe(0);

    // A later price change does not touch the bought lines.
    await t.db.update(products).set({ priceCents: 9999, name: 'Renamed' }).where(eq(products.id, apples.id));
    await t.db.update(productOptions).set({ priceCents: 9999 }).where(eq(productOptions.productId, apples.id));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.productId, apples.id));
    expect(lines[0]).toMatchObject({ itemName: 'Apples', unitPriceCents: 300, totalCents: 900 });
  });

  it('answers a repeated confirmation, even at the same moment, with the same single order', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendorA, { stock: 4 });
    await addToCart(t, shopper, product.id, 2);
    const { intent } = await payCart(t, shopper);
    const answers = await Promise.all([1, 2, 3].map(() => confirmOrder(t, shopper, intent.paymentIntentId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    const again = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(answers[0].json()._id);
    expect(await paymentCount(shopper)).toBe(1);
    const [{ n }] = await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, shopper.id));
    expect(n).toBe(1);
    expect((await productRow(t, product.id)).stock).toBe(2);
  });

  it('a declined card creates nothing and keeps the cart', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendorA, { stock: 4 });
    await addToCart(t, shopper, product.id, 1);
    const { intent, paid } = await payCart(t, shopper, { cardNumber: '4000 0000 0000 0002' });
    expect(paid.statusCode).toBe(402);
    expect(paid.json().error).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });

    const confirm = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json().error.message).toBe('Your card was declined.');
    expect(await paymentCount(shopper)).toBe(0);
    expect(await cartCount(shopper)).toBe(1);
    expect((await productRow(t, product.id)).stock).toBe(4);

    // The same payment can then be made with a good card.
    const retry = await payInSandbox(t, shopper, intent, {
      cardNumber: '4242424242424242',
      expiry: '01/39',
      cvc: '999',
    });
    expect(retry.statusCode).toBe(200);
    expect((await confirmOrder(t, shopper, intent.paymentIntentId)).statusCode).toBe(201);
  });

  it("has Stripe's test-card answers and checks number, expiry and CVC", async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendorA, { stock: 4 });
    await addToCart(t, shopper, product.id, 1);
    const cases: [string, string, string, number, string][] = [
      ['4000000000009995', '12/40', '123', 402, 'Your card has insufficient funds.'],
      ['4000000000000069', '12/40', '123', 402, 'Your card has expired.'],
      ['4242424242424241', '12/40', '123', 400, 'Your card number is invalid.'],
      ['4242424242424242', '01/20', '123', 400, "Your card's expiration year is in the past."],
      ['4242424242424242', '12/40', '12', 400, "Your card's security code is incomplete."],
      ['4242424242424242', '13/40', '123', 400, "Your card's expiration date is incomplete."],
    ];
    for (const [cardNumber, expiry, cvc, status, message] of cases) {
      const { intent } = await payCart(t, shopper, { cardNumber: '4000000000000002' });
      const response = await payInSandbox(t, shopper, intent, { cardNumber, expiry, cvc });
      expect(response.statusCode, cardNumber).toBe(status);
      const error = response.json().error;
      expect(status === 400 ? Object.values(error.fields)[0] : error.message).toBe(message);
    }
  });

  it('refunds and keeps nothing when the goods sold out between paying and confirming', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendorA, { name: 'Last loaf', stock: 1 });
    await addToCart(t, shopper, product.id, 1);
    const { intent } = await payCart(t, shopper);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const response = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Last loaf is sold out. Your payment was refunded and nothing was charged.',
    );
    const [charge] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    expect(charge.refundedAt).not.toBeNull();
    expect(await paymentCount(shopper)).toBe(0);
    expect(await cartCount(shopper)).toBe(1);
    // Confirming that refunded payment again cannot make an order.
    expect((await confirmOrder(t, shopper, intent.paymentIntentId)).statusCode).toBe(409);
  });

  it('refuses to start with an empty cart or an unavailable line', async () => {
    const shopper = await createUser(t);
    const start = () =>
      t.app.inject({ method: 'POST', url: '/api/customer-payment', headers: shopper.auth, payload: { price: 5 } });
    expect((await start()).json().error.message).toBe('Your cart is empty');
    const product = await createProduct(t, vendorA, { name: 'Eggs', stock: 2 });
    await addToCart(t, shopper, product.id, 2);
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const response = await start();
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Eggs is sold out: only 1 left, your cart asks for 2');
  });

  it('refuses a total under the card minimum of $0.50 with the reason, and opens no payment', async () => {
    const shopper = await createUser(t);
    const seeds = await createProduct(t, vendorA, { priceCents: 0, stock: 5 });
    await addToCart(t, shopper, seeds.id, 1);
    const free = await startPayment(t, shopper, { price: 0 });
    expect(free.statusCode).toBe(409);
    expect(free.json().error).toEqual({
      code: 'CONFLICT',
      message: 'A card payment must be at least $0.50: this order comes to $0.00. Please add to your cart.',
    });
    const cress = await createProduct(t, vendorA, { priceCents: 49, stock: 5 });
    await addToCart(t, shopper, cress.id, 1);
    expect((await startPayment(t, shopper, { price: 0 })).json().error.message).toContain('this order comes to $0.49');
    expect(await t.db.select().from(paymentIntents).where(eq(paymentIntents.userId, shopper.id))).toEqual([]);
    await addToCart(t, shopper, seeds.id, 1);
    // The price is its option's (decision 052).
    await t.db.update(productOptions).set({ priceCents: 50 }).where(eq(productOptions.productId, cress.id));
    expect((await startPayment(t, shopper, { price: 0 })).statusCode).toBe(201);
  });

  it("is private: 401 signed out, 403 for vendors and for someone else's payment", async () => {
    const owner = await createUser(t);
    const thief = await createUser(t);
    const product = await createProduct(t, vendorA, { stock: 3 });
    await addToCart(t, owner, product.id, 1);
    const { intent } = await payCart(t, owner);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer-payment', payload: {} })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/customerPayments', payload: { paymentIntentId: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/customer-payment', headers: vendorA.auth, payload: {} }))
        .statusCode,
    ).toBe(403);
    const stolen = await confirmOrder(t, thief, intent.paymentIntentId);
    expect(stolen.statusCode).toBe(403);
    const unknown = await confirmOrder(t, owner, 'pi_sb_unknown');
    expect(unknown.statusCode).toBe(404);
    const card = await payInSandbox(t, thief, intent, GOOD_CARD);
    expect(card.statusCode).toBe(404);
    expect((await confirmOrder(t, owner, intent.paymentIntentId)).statusCode).toBe(201);
  });

  it('validates the delivery details with the spec messages', async () => {
    const shopper = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customerPayments',
      headers: shopper.auth,
      payload: { paymentIntentId: 'pi_sb_x', name: ' ', phoneNumber: '', address: '' },
    });
    expect(response.statusCode).toBe(400);
    // The address is required only where a shop delivers or ships (pickup-address.test.ts).
    expect(response.json().error.fields).toEqual({
      name: 'This field is required',
      phoneNumber: 'This field is required',
    });
  });
});
