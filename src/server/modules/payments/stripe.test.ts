import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { retryDueCaptures, retryDueTransfers } from '../../jobs/refund-retries.ts';
import { madeBeforeAll, setupTestApp } from '../../test/app.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { products } from '../catalog/tables.ts';
import {
  addToCart,
  confirmOrder,
  createProduct,
  GOOD_CARD,
  payInSandbox,
  productRow,
  startMembershipPayment,
  startPayment,
} from '../checkout/test-fixtures.ts';
import { contactMessage, sendContact } from '../contact/test-contact.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import { customerPayments } from '../orders/tables.ts';
import { weighedProduct, weighOnly } from '../orders/weighed-fixtures.ts';
import { shops } from '../shops/tables.ts';
import { processRefund } from './refunds.ts';
import { captures, paymentIntents, refunds } from './tables.ts';

const WEBHOOK_SECRET = 'whsec_test_farmstall';
const standIn = madeBeforeAll(startStripeStandIn);
afterAll(() => standIn.close());
const t = setupTestApp(() => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_farmstall',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: standIn.url,
}));
const vendor = setupUser(t, { role: 'vendor' });

async function startCheckout(shopper: TestUser) {
  const response = await startPayment(t, shopper, { price: 1 });
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

  it('refuses a total under Stripe’s minimum charge of $0.50 before asking Stripe', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { priceCents: 0, stock: 3 });
    await addToCart(t, shopper, product.id, 1);
    const before = standIn.intents.size;
    const response = await startPayment(t, shopper, { price: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'A card payment must be at least $0.50: this order comes to $0.00. Please add to your cart.',
    );
    expect(standIn.intents.size).toBe(before);
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
    const response = await payInSandbox(t, shopper, { paymentIntentId: 'pi_x', clientSecret: 's' }, GOOD_CARD);
    expect(response.statusCode).toBe(404);
  });
});

describe('Stripe refunds of cancelled lines (against the local stand-in)', () => {
  const cancel = (vendorUser: TestUser, orderId: string) => moveOrder(t, vendorUser, orderId, 'cancelled');
  const refundsAt = (intentId: string) => standIn.refunds.filter((r) => r.payment_intent === intentId);

  /** A paid Stripe order of $12.00 (vendor) + $7.50 (other) = $19.50. */
  async function paidOrder() {
    const shopper = await createUser(t);
    const other = await createUser(t, { role: 'vendor' });
    await addToCart(t, shopper, (await createProduct(t, vendor, { priceCents: 600, stock: 5 })).id, 2);
    await addToCart(t, shopper, (await createProduct(t, other, { priceCents: 750, stock: 5 })).id, 1);
    const intent = await startCheckout(shopper);
    standIn.confirm(intent.paymentIntentId, 'pm_card_visa');
    const order = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(order.statusCode).toBe(201);
    return { shopper, other, intentId: intent.paymentIntentId, order: order.json() };
  }

  it('refunds a part of the charge with an idempotency key per line, and a repeated request refunds nothing more', async () => {
    const { shopper, intentId, order } = await paidOrder();
    expect((await cancel(vendor, order.orderId)).statusCode).toBe(200);
    expect(refundsAt(intentId)).toEqual([expect.objectContaining({ amount: 1200 })]);
    const line = order.productIds.find((l: { totalPrice: number }) => l.totalPrice === 12);
    expect(standIn.refundRequestKeys).toContain(`vendor_cancelled:${line._id}`);
    expect(standIn.intents.get(intentId)?.status).toBe('succeeded');

    // The same refund asked again (a retry after a crash) answers the same refund and gives nothing more.
    const provider = t.app.payments.active;
    const again = await provider.refund(intentId, {
      amountCents: 1200,
      idempotencyKey: `vendor_cancelled:${line._id}`,
      metadata: { refundKey: `vendor_cancelled:${line._id}`, reason: 'vendor_cancelled', orderId: order.orderId },
    });
    expect(again.refundId).toBe(refundsAt(intentId)[0].id);
    expect(refundsAt(intentId)).toHaveLength(1);
    // Stripe refuses more than what is left of the charge.
    await expect(provider.refund(intentId, { amountCents: 751, idempotencyKey: 'too-much' })).rejects.toThrow(
      'Refund amount ($7.51) is greater than unrefunded amount on charge ($7.50)',
    );

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/customerPayments/${shopper.email}`,
      headers: shopper.auth,
    });
    expect(history.json().items[0]).toMatchObject({ price: 19.5, refunded: 12, refundPending: 0, netPaid: 7.5 });
  });

  it('keeps a refund Stripe refused pending, shows it so, and a retry gives the money back once', async () => {
    const { shopper, other, intentId, order } = await paidOrder();
    standIn.failNextRefunds(1);
    const cancelled = await cancel(other, order.orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(refundsAt(intentId)).toEqual([]);
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, amountCents: 750 });

    const history = () =>
      t.app.inject({ method: 'GET', url: `/api/customerPayments/${shopper.email}`, headers: shopper.auth });
    expect((await history()).json().items[0]).toMatchObject({ refunded: 0, refundPending: 7.5, netPaid: 19.5 });
    expect((await history()).json().items[0].refunds[0].status).toBe('pending');

    // What the refund job does once the retry is due (an hour later at the latest), and once more.
    const provider = t.app.payments.active;
    const later = { now: () => new Date(Date.now() + 60 * 60_000) };
    expect(await processRefund(t.db, provider, pending.id, later)).toMatchObject({ status: 'succeeded', attempts: 2 });
    await processRefund(t.db, provider, pending.id, later);
    expect(refundsAt(intentId)).toEqual([expect.objectContaining({ amount: 750 })]);
    expect((await history()).json().items[0]).toMatchObject({ refunded: 7.5, refundPending: 0, netPaid: 12 });
  });
});

describe('Stripe weighed goods: manual capture (against the local stand-in)', () => {
  /** A paid Stripe order of 2 chickens at $24.00/kg, about 450 g each: estimate $21.60, authorized $23.76. */
  async function authorizedOrder() {
    const shopper = await createUser(t);
    const butcher = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2400, gramsPerPiece: 450 });
    await addToCart(t, shopper, chicken.id, 2);
    const intent = await startCheckout(shopper);
    expect(intent).toMatchObject({ amount: 23.76, estimate: 21.6 });
    expect(standIn.intents.get(intent.paymentIntentId)).toMatchObject({ amount: 2376, capture_method: 'manual' });
    standIn.confirm(intent.paymentIntentId, 'pm_card_visa');
    expect(standIn.intents.get(intent.paymentIntentId)?.status).toBe('requires_capture');
    const order = await confirmOrder(t, shopper, intent.paymentIntentId);
    expect(order.statusCode).toBe(201);
    return { shopper, butcher, intentId: intent.paymentIntentId, order: order.json() };
  }
  const capturesAt = (intentId: string) => standIn.captures.filter((c) => c.payment_intent === intentId);

  it('captures the weighed amount once, and a capture Stripe refused is made by the retry job', async () => {
    const { shopper, butcher, intentId, order } = await authorizedOrder();
    await weighOnly(t, butcher, order.orderId, 874);
    standIn.failNextCaptures(1);
    expect((await moveOrder(t, butcher, order.orderId, 'shipped')).statusCode).toBe(200);
    expect(capturesAt(intentId)).toEqual([]);
    const [pending] = await t.db.select().from(captures).where(eq(captures.orderId, order.orderId));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, amountCents: 2098 });

    // What the job does once the retry is due, and once more: one capture at Stripe.
    const later = { now: () => new Date(Date.now() + 60 * 60_000) };
    expect(await retryDueCaptures(t.db, t.app.payments.active, later)).toEqual({ due: 1, succeeded: 1 });
    expect(await retryDueCaptures(t.db, t.app.payments.active, later)).toEqual({ due: 0, succeeded: 0 });
    expect(capturesAt(intentId)).toEqual([{ payment_intent: intentId, amount: 2098 }]);
    expect(standIn.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: 2098 });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/customerPayments/${shopper.email}`,
      headers: shopper.auth,
    });
    expect(history.json().items[0]).toMatchObject({
      price: 20.98,
      hold: { authorized: 23.76, captured: 20.98, status: 'charged' },
    });
  });

  it('captures at most the authorized amount: the estimate plus 10%', async () => {
    const { butcher, intentId, order } = await authorizedOrder();
    await weighOnly(t, butcher, order.orderId, 990);
    expect((await moveOrder(t, butcher, order.orderId, 'shipped')).statusCode).toBe(200);
    expect(capturesAt(intentId)).toEqual([{ payment_intent: intentId, amount: 2376 }]);
  });

  it('an order cancelled whole cancels the authorization and refunds nothing', async () => {
    const { butcher, intentId, order } = await authorizedOrder();
    expect((await moveOrder(t, butcher, order.orderId, 'cancelled')).statusCode).toBe(200);
    expect(standIn.intents.get(intentId)?.status).toBe('canceled');
    expect(capturesAt(intentId)).toEqual([]);
    expect(standIn.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
  });

  it('an authorized payment that cannot become its order is released, not refunded', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const steak = await weighedProduct(t, butcher, { pricePerKgCents: 4000, gramsPerPiece: 300 });
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, steak.id));
    const [first, second] = [await createUser(t), await createUser(t)];
    await addToCart(t, first, steak.id, 1);
    await addToCart(t, second, steak.id, 1);
    const a = await startCheckout(first);
    const b = await startCheckout(second);
    standIn.confirm(a.paymentIntentId, 'pm_card_visa');
    standIn.confirm(b.paymentIntentId, 'pm_card_visa');
    expect((await confirmOrder(t, first, a.paymentIntentId)).statusCode).toBe(201);
    const late = await confirmOrder(t, second, b.paymentIntentId);
    expect(late.statusCode).toBe(409);
    expect(standIn.intents.get(b.paymentIntentId)?.status).toBe('canceled');
    expect(standIn.refunds.filter((r) => r.payment_intent === b.paymentIntentId)).toEqual([]);
    const [refund] = await t.db
      .select()
      .from(refunds)
      .innerJoin(paymentIntents, eq(paymentIntents.id, refunds.paymentIntentId))
      .where(eq(paymentIntents.providerIntentId, b.paymentIntentId));
    expect(refund.refunds.status).toBe('succeeded');
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
    const owner = await createUser(t, { role: 'vendor' });
    const started = await startMembershipPayment(t, owner, { price: 1000 });
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
    const [row] = await t.db.select({ membership: shops.membership }).from(shops).where(eq(shops.vendorId, owner.id));
    expect(row.membership).toBe('premium');
    const [intent] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.providerIntentId, intentId));
    expect(intent.status).toBe('settled');
  });

  it('rejects a forged or missing signature and changes nothing', async () => {
    const owner = await createUser(t, { role: 'vendor' });
    const started = await startMembershipPayment(t, owner, {});
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
    const [row] = await t.db.select({ membership: shops.membership }).from(shops).where(eq(shops.vendorId, owner.id));
    expect(row.membership).toBe('normal');
  });

  it('keeps parsing JSON for every other route', async () => {
    const response = await sendContact(t, contactMessage);
    expect(response.statusCode).toBe(201);
  });
});

describe('Stripe Connect (against the local stand-in)', () => {
  const stripe = new Stripe('sk_test_unused');
  const signed = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  const later = { now: () => new Date(Date.now() + 60 * 60_000) };

  /** A shopper pays $12 for two of the shop's products with Stripe; the shop ships and delivers them. */
  async function deliveredOrder(shop: TestUser) {
    const shopper = await createUser(t);
    await addToCart(t, shopper, (await createProduct(t, shop, { priceCents: 600 })).id, 2);
    const intent = await startCheckout(shopper);
    standIn.confirm(intent.paymentIntentId, 'pm_card_visa');
    const { orderId } = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
    await moveOrder(t, shop, orderId, 'shipped');
    await moveOrder(t, shop, orderId, 'delivered');
    return { orderId: orderId as string, intentId: intent.paymentIntentId };
  }

  it('onboards an Express account, verifies it from the signed account.updated event, then transfers from the charge', async () => {
    const shop = await createUser(t, { role: 'vendor' });
    const connected = await t.app.inject({ method: 'POST', url: '/api/payouts/account', headers: shop.auth });
    expect(connected.json()).toMatchObject({ provider: 'stripe', status: 'pending' });
    const account = [...standIn.accounts.values()].find((a) => a.email === shop.email);
    expect(account).toMatchObject({ type: 'express', metadata: { shopId: shop.id } });
    const link = standIn.accountLinks.find((l) => l.account === account?.id);
    expect(connected.json().onboardingUrl).toBe(link?.url);
    expect(link?.return_url).toMatch(/\/dashboard\/payouts$/);

    // Sold and delivered before the shop finished onboarding: its money waits.
    const { orderId, intentId } = await deliveredOrder(shop);
    expect(standIn.transfers.filter((tr) => tr.destination === account?.id)).toEqual([]);

    const event = standIn.completeOnboarding(account?.id ?? '');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_wrong' }),
      },
      payload: event,
    });
    expect(forged.statusCode).toBe(400);
    expect(standIn.transfers.filter((tr) => tr.destination === account?.id)).toEqual([]);

    expect((await signed(event)).statusCode).toBe(200);
    const charge = standIn.intents.get(intentId)?.latest_charge;
    expect(standIn.transfers.filter((tr) => tr.destination === account?.id)).toEqual([
      expect.objectContaining({ amount: 1080, source_transaction: charge, metadata: { orderId, shopId: shop.id } }),
    ]);
    // The same event again sends nothing more.
    expect((await signed(event)).statusCode).toBe(200);
    expect(standIn.transfers.filter((tr) => tr.destination === account?.id)).toHaveLength(1);
    const status = await t.app.inject({ method: 'GET', url: '/api/payouts/account', headers: shop.auth });
    expect(status.json()).toMatchObject({ status: 'verified', onboardingUrl: null });
  });

  it('a transfer Stripe refused is sent once by the job, and a refund after it reverses the shop’s share', async () => {
    const shop = await createUser(t, { role: 'vendor' });
    await t.app.inject({ method: 'POST', url: '/api/payouts/account', headers: shop.auth });
    const account = [...standIn.accounts.values()].find((a) => a.email === shop.email);
    await signed(standIn.completeOnboarding(account?.id ?? ''));

    standIn.failNextTransfers(1);
    const { orderId } = await deliveredOrder(shop);
    const sent = () => standIn.transfers.filter((tr) => tr.destination === account?.id);
    expect(sent()).toEqual([]);
    expect((await retryDueTransfers(t.db, t.app.payments.active, later)).transfers).toEqual({ due: 1, succeeded: 1 });
    expect((await retryDueTransfers(t.db, t.app.payments.active, later)).transfers).toEqual({ due: 0, succeeded: 0 });
    expect(sent()).toEqual([expect.objectContaining({ amount: 1080 })]);

    const admin = await createUser(t, { role: 'admin' });
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/shops/${shop.id}/refunds`,
      headers: admin.auth,
      payload: { amount: 6 },
    });
    expect(refunded.json()).toMatchObject({ amount: 6, reversed: 5.4 });
    expect(standIn.reversals.filter((r) => r.transfer === sent()[0].id)).toEqual([
      expect.objectContaining({ amount: 540 }),
    ]);
    expect(sent()[0].amount_reversed).toBe(540);
  });
});
