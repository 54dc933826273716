import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPayments, paymentIntents, users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, productRow } from '../checkout/test-fixtures.ts';

const WEBHOOK_SECRET = 'whsec_test_farmstall';
let standIn: StripeStandIn;
let t: TestContext;
let vendor: TestUser;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_farmstall',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
  });
  vendor = await createUser(t, { roll: 'vendor' });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

async function startCheckout(shopper: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customer-payment',
    headers: shopper.auth,
    payload: { price: 1 },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { paymentIntentId: string; clientSecret: string; amount: number; provider: string };
}

describe('Stripe provider (against the local stand-in)', () => {
  it('tells the browser to use Stripe with the publishable key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_farmstall' });
  });

  it('creates the intent with Stripe and makes the order once Stripe says it succeeded', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { priceCents: 1500, stock: 3 });
    await addToCart(t, shopper, product.id, 2);
    const intent = await startCheckout(shopper);
    expect(intent).toMatchObject({ provider: 'stripe', amount: 30 });
    expect(standIn.intents.get(intent.paymentIntentId)).toMatchObject({
      amount: 3000,
      currency: 'usd',
      metadata: { purpose: 'checkout', userId: shopper.id },
    });

    // Not paid yet: no order.
    const early = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(early.statusCode).toBe(402);

    standIn.confirm(intent.paymentIntentId, 'pm_card_visa');
    const order = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(order.statusCode).toBe(201);
    expect(order.json()).toMatchObject({ price: 30, cardBrand: 'visa', cardLast4: '4242' });
    expect((await productRow(t, product.id)).stock).toBe(1);
    expect((await confirmOrder(t, shopper, intent.paymentIntentId)).json()._id).toBe(order.json()._id);
  });

  it('shows a declined card’s reason and creates nothing', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { stock: 3 });
    await addToCart(t, shopper, product.id, 1);
    const intent = await startCheckout(shopper);
    expect(() => standIn.confirm(intent.paymentIntentId, 'pm_card_chargeDeclined')).toThrow();
    const response = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe('Your card was declined.');
    const rows = await t.db.select().from(customerPayments).where(eq(customerPayments.userId, shopper.id));
    expect(rows).toEqual([]);
  });

  it('refunds through Stripe when the goods sold out after paying', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Saffron', stock: 1 });
    await addToCart(t, first, product.id, 1);
    await addToCart(t, second, product.id, 1);
    const a = await startCheckout(first);
    const b = await startCheckout(second);
    standIn.confirm(a.paymentIntentId, 'pm_card_visa');
    standIn.confirm(b.paymentIntentId, 'pm_card_visa');
    expect((await confirmOrder(t, first, a.paymentIntentId)).statusCode).toBe(201);
    const late = await confirmOrder(t, second, b.paymentIntentId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('Saffron is sold out');
    expect(standIn.refunds).toEqual([expect.objectContaining({ payment_intent: b.paymentIntentId, amount: 500 })]);
  });

  it('the sandbox card route is closed while Stripe is the provider', async () => {
    const shopper = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: shopper.auth,
      payload: {
        paymentIntentId: 'pi_x',
        clientSecret: 's',
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('Stripe webhook', () => {
  const stripe = new Stripe('sk_test_unused');
  const post = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('accepts a correctly signed event and grants a paid membership', async () => {
    const owner = await createUser(t, { roll: 'vendor' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payment',
      headers: owner.auth,
      payload: { price: 1000 },
    });
    expect(started.json()).toMatchObject({ amount: 1000 });
    const intentId = started.json().paymentIntentId;
    standIn.confirm(intentId, 'pm_card_visa');
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...standIn.intents.get(intentId) } },
    });
    const response = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const [row] = await t.db.select({ membership: users.membership }).from(users).where(eq(users.id, owner.id));
    expect(row.membership).toBe('premium');
    const [intent] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.providerIntentId, intentId));
    expect(intent.status).toBe('settled');
  });

  it('rejects a forged or missing signature and changes nothing', async () => {
    const owner = await createUser(t, { roll: 'vendor' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payment',
      headers: owner.auth,
      payload: {},
    });
    const intentId = started.json().paymentIntentId;
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, amount: 100000 } },
    });
    const forged = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('The Stripe signature is not valid');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    const [row] = await t.db.select({ membership: users.membership }).from(users).where(eq(users.id, owner.id));
    expect(row.membership).toBe('normal');
  });

  it('keeps parsing JSON for every other route', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', phone: '+1 555 010 2030', subject: 'Hi', reviewText: 'Hello' },
    });
    expect(response.statusCode).toBe(201);
  });
});
