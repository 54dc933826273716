import os from 'node:os';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VendorOrder } from '#contract/fulfilment.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { products } from '../catalog/tables.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { createMailer, deliverDueNotifications } from '../notifications/index.ts';
import { captures, refunds, sandboxPaymentIntents } from '../payments/tables.ts';
import { moveOrder } from './order-fixtures.ts';
import { settleLapsingHolds } from './unweighed-holds.ts';
import {
  vendorPart as vendorPartOf,
  weigh as weighAt,
  weighedProduct,
  weighOnly as weighOnlyAt,
} from './weighed-fixtures.ts';

/** Weighed goods on the sandbox: the card is authorized at checkout and charged for what the vendors weigh. */
const t = setupTestApp();

type Payment = { _id: string; orderId: string; orderNumber: string; transactionId: string; price: number };

/** One shopper's paid order (sandbox card) of `pieces` of each product. */
async function buy(lines: { productId: string; pieces: number; optionId?: string }[]) {
  const shopper = await createUser(t);
  for (const line of lines) await addToCart(t, shopper, line.productId, line.pieces, line.optionId);
  const { intent, paid } = await payCart(t, shopper);
  expect(paid.statusCode, paid.body).toBe(200);
  const confirmed = await confirmOrder(t, shopper, intent.paymentIntentId);
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  return { shopper, intent, payment: confirmed.json() as Payment };
}

const vendorPart = (vendor: TestUser, orderId: string) => vendorPartOf(t, vendor, orderId);
const weigh = (vendor: TestUser | null, orderId: string, lineId: string, grams: unknown) =>
  weighAt(t, vendor, orderId, lineId, grams);
const weighOnly = (vendor: TestUser, orderId: string, grams: number) => weighOnlyAt(t, vendor, orderId, grams);

/** What the sandbox card processor holds and charged for the payment. */
async function atProvider(transactionId: string) {
  const [intent] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, transactionId));
  return { status: intent.status, amountCents: intent.amountCents, capturedCents: intent.amountCapturedCents };
}

async function invoiceOf(shopper: TestUser, paymentId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/invoice/${paymentId}`, headers: shopper.auth });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function refundsOf(orderId: string) {
  return t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

describe('a product sold by weight', () => {
  const chicken = {
    productName: 'Whole chicken',
    productDetails: 'Pasture-raised, about 1.8 kg.',
    productCategory: 'proteins',
    productQuantity: 12,
    productionCost: 9,
    profitMargin: 20,
    productManufacturingDate: dayFromToday(-10),
    productExpireDate: dayFromToday(30),
    productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
  };
  const send = (user: TestUser, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: user.auth, payload });

  it('is added with its price per kg and weight per piece, which an edit keeps unless it says otherwise', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const missing = await send(butcher, 'POST', '/api/products', { ...chicken, soldByWeight: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ gramsPerPiece: 'Enter the estimated weight of one piece' });
    const added = await send(butcher, 'POST', '/api/products', { ...chicken, soldByWeight: true, gramsPerPiece: 1800 });
    expect(added.statusCode).toBe(201);
    const id = added.json().insertedId;
    expect(added.json().product).toMatchObject({ productPrice: 10.8, soldByWeight: true, gramsPerPiece: 1800 });

    const edited = await send(butcher, 'PUT', `/api/products/${id}`, { ...chicken, productQuantity: 10 });
    expect(edited.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/api/singleProduct/${id}` });
    expect(page.json()).toMatchObject({ productQuantity: { value: 10 }, soldByWeight: true, gramsPerPiece: 1800 });
    await send(butcher, 'PUT', `/api/products/${id}`, { ...chicken, soldByWeight: false, gramsPerPiece: 1800 });
    const plain = await t.app.inject({ method: 'GET', url: `/api/singleProduct/${id}` });
    expect(plain.json()).toMatchObject({ soldByWeight: false, gramsPerPiece: null });
  });
});

describe('weighed goods: authorize at checkout, charge what is weighed', () => {
  it('authorizes the estimate + 10%, refuses to mark it ready unweighed, then captures the weighed amount', async () => {
    const butcher = await createUser(t, { role: 'vendor', name: 'Butcher' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2400, gramsPerPiece: 450, name: 'Chicken' });
    const shopper = await createUser(t);
    await addToCart(t, shopper, chicken.id, 2);

    const cart = await t.app.inject({ method: 'GET', url: `/api/carts?email=${shopper.email}`, headers: shopper.auth });
    expect(cart.json()[0]).toMatchObject({ spendMoney: 21.6, price: 24, soldByWeight: true, gramsPerPiece: 450 });

    const { intent, paid } = await payCart(t, shopper);
    // 2 × 450 g at $24.00/kg = $21.60; authorized $21.60 + 10% = $23.76.
    expect(intent).toMatchObject({ amount: 23.76, estimate: 21.6, subtotal: 21.6 });
    expect(paid.statusCode).toBe(200);
    expect(await atProvider(intent.paymentIntentId)).toMatchObject({ status: 'requires_capture', amountCents: 2376 });
    const payment = (await confirmOrder(t, shopper, intent.paymentIntentId)).json() as Payment;
    expect(payment.price).toBe(21.6);

    const part = await vendorPart(butcher, payment.orderId);
    expect(part.lines[0]).toMatchObject({ estimatedGrams: 900, actualGrams: null, unitPrice: 24, totalPrice: 21.6 });
    const early = await moveOrder(t, butcher, payment.orderId, 'shipped');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'WEIGHT_REQUIRED' });
    expect(early.json().error.message).toContain('Weigh Chicken before marking it');

    // 874 g at $24.00/kg = $20.976: $20.98.
    expect(await weighOnly(butcher, payment.orderId, 874)).toMatchObject({ actualGrams: 874, totalPrice: 20.98 });
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'requires_capture', capturedCents: null });
    expect((await moveOrder(t, butcher, payment.orderId, 'shipped')).statusCode).toBe(200);

    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 2098 });
    const invoice = await invoiceOf(shopper, payment._id);
    expect(invoice.items[0]).toMatchObject({
      totalAmount: 20.98,
      weight: { estimatedGrams: 900, estimate: 21.6, actualGrams: 874 },
    });
    expect(invoice).toMatchObject({
      grandTotal: 20.98,
      subtotal: 20.98,
      netPaid: 20.98,
      hold: { authorized: 23.76, captured: 20.98, notCharged: 0, status: 'charged' },
    });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoice/${payment._id}/pdf`, headers: shopper.auth });
    const text = pdfText(pdf.rawPayload).join(' ');
    expect(text).toContain('Est. 900 g ~ $21.60 · Weighed 874 g $20.98');
    expect(text).toContain('Card held for $23.76 · charged $20.98');
    // Weights are final once the part left pending.
    const late = await weigh(butcher, payment.orderId, part.lines[0]._id, 900);
    expect(late.statusCode).toBe(409);
  });

  it('a weighed size (decision 052): estimated, held and charged by its own grams per piece and price per kg', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const lamb = await createProduct(t, butcher, {
      name: 'Lamb',
      options: [
        { label: 'Quarter', priceCents: 1500, soldByWeight: true, gramsPerPiece: 4000, draws: 1 },
        { label: 'Half', priceCents: 1400, soldByWeight: true, gramsPerPiece: 8000, draws: 2 },
      ],
      pool: 4,
    });
    const { payment } = await buy([{ productId: lamb.id, pieces: 1, optionId: lamb.optionIds[1] }]);
    // 8 kg at $14.00/kg = $112.00, held with 10% more.
    expect(payment.price).toBe(112);
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'requires_capture', amountCents: 12320 });
    const [line] = (await vendorPart(butcher, payment.orderId)).lines;
    expect(line).toMatchObject({ itemName: 'Lamb — Half', estimatedGrams: 8000, unitPrice: 14, totalPrice: 112 });
    // The half takes 2 quarters of the pool.
    expect((await t.db.select().from(products).where(eq(products.id, lamb.id)))[0].stock).toBe(2);

    // 7.8 kg at $14.00/kg = $109.20.
    expect(await weighOnly(butcher, payment.orderId, 7800)).toMatchObject({ actualGrams: 7800, totalPrice: 109.2 });
    expect((await moveOrder(t, butcher, payment.orderId, 'shipped')).statusCode).toBe(200);
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 10920 });
  });

  it('captures exactly the estimate when the weight is the estimate', async () => {
    const dairy = await createUser(t, { role: 'vendor' });
    const cheese = await weighedProduct(t, dairy, { pricePerKgCents: 3200, gramsPerPiece: 250 });
    const { payment } = await buy([{ productId: cheese.id, pieces: 3 }]);
    await weighOnly(dairy, payment.orderId, 750);
    expect((await moveOrder(t, dairy, payment.orderId, 'shipped')).statusCode).toBe(200);
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 2400 });
  });

  it('never charges more than authorized: a weight over the estimate + 10% is refused, the bound is charged', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const steak = await weighedProduct(t, butcher, { pricePerKgCents: 4000, gramsPerPiece: 300 });
    const { shopper, payment } = await buy([{ productId: steak.id, pieces: 2 }]);
    // Estimate 600 g = $24.00, authorized $26.40; 700 g ($28.00) is refused, 660 g = $26.40 is the most.
    const [line] = (await vendorPart(butcher, payment.orderId)).lines;
    const heavy = await weigh(butcher, payment.orderId, line._id, 700);
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().error.message).toBe(
      'At most 660 g can be charged for this line (its estimate of 600 g plus 10%)',
    );
    await weighOnly(butcher, payment.orderId, 660);
    expect((await moveOrder(t, butcher, payment.orderId, 'shipped')).statusCode).toBe(200);
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 2640 });
    expect(await invoiceOf(shopper, payment._id)).toMatchObject({
      grandTotal: 26.4,
      hold: { authorized: 26.4, captured: 26.4, notCharged: 0, status: 'charged' },
    });
  });

  it('a part cancelled before the capture lowers what is captured and refunds nothing', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const grocer = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 1000 });
    const carrots = await createProduct(t, grocer, { priceCents: 350, stock: 10 });
    const { shopper, payment } = await buy([
      { productId: chicken.id, pieces: 1 },
      { productId: carrots.id, pieces: 2 },
    ]);
    // Goods $20.00 (estimate) + $7.00; authorized $22.00 + $7.00.
    expect(await atProvider(payment.transactionId)).toMatchObject({ amountCents: 2900 });
    expect((await moveOrder(t, grocer, payment.orderId, 'cancelled')).statusCode).toBe(200);
    expect(await refundsOf(payment.orderId)).toEqual([]);
    // The butcher's part still waits to be weighed: nothing is captured yet.
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'requires_capture', capturedCents: null });

    await weighOnly(butcher, payment.orderId, 1050);
    expect((await moveOrder(t, butcher, payment.orderId, 'shipped')).statusCode).toBe(200);
    expect(await refundsOf(payment.orderId)).toEqual([]);
    // 1050 g at $20.00/kg = $21.00, and nothing for the cancelled carrots.
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 2100 });
    expect(await invoiceOf(shopper, payment._id)).toMatchObject({
      grandTotal: 21,
      refunds: [],
      netPaid: 21,
      hold: { captured: 21, status: 'charged' },
    });
  });

  it('the weighed part charges the other shop’s too, whatever its step; the shopper cancelling it then is refunded', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const grocer = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 1000 });
    const carrots = await createProduct(t, grocer, { priceCents: 350, stock: 10 });
    const { shopper, payment } = await buy([
      { productId: chicken.id, pieces: 1 },
      { productId: carrots.id, pieces: 2 },
    ]);
    await weighOnly(butcher, payment.orderId, 950);
    expect((await moveOrder(t, butcher, payment.orderId, 'shipped')).statusCode).toBe(200);
    // $19.00 of chicken and the grocer's $7.00, its part still Ordered: the hold need not wait for it.
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 2600 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${payment.orderId}/shops/${grocer.id}/cancellation`,
      headers: shopper.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await refundsOf(payment.orderId)).map((refund) => refund.amountCents)).toEqual([700]);
  });

  it('every part cancelled: the authorization is cancelled and nothing is charged or refunded', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 1500 });
    const { shopper, payment } = await buy([{ productId: chicken.id, pieces: 1 }]);
    expect((await moveOrder(t, butcher, payment.orderId, 'cancelled')).statusCode).toBe(200);
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'canceled', capturedCents: null });
    expect(await refundsOf(payment.orderId)).toEqual([]);
    expect(await invoiceOf(shopper, payment._id)).toMatchObject({
      grandTotal: 0,
      netPaid: 0,
      hold: { authorized: 33, captured: 0, status: 'released' },
    });
  });

  it('two vendors finishing at once capture once, for both parts', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const dairy = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 1000 });
    const cheese = await weighedProduct(t, dairy, { pricePerKgCents: 3000, gramsPerPiece: 500 });
    const { payment } = await buy([
      { productId: chicken.id, pieces: 1 },
      { productId: cheese.id, pieces: 1 },
    ]);
    await weighOnly(butcher, payment.orderId, 980);
    await weighOnly(dairy, payment.orderId, 510);
    const moves = await Promise.all([
      moveOrder(t, butcher, payment.orderId, 'shipped'),
      moveOrder(t, dairy, payment.orderId, 'shipped'),
    ]);
    expect(moves.map((m) => m.statusCode)).toEqual([200, 200]);
    // $19.60 + $15.30.
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 3490 });
    const rows = await t.db.select().from(captures).where(eq(captures.orderId, payment.orderId));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 3490, status: 'succeeded' })]);
  });

  it('the weight route: only the shop’s vendor, only weighed lines, only sensible grams', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const other = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 1000 });
    const eggs = await createProduct(t, butcher, { priceCents: 450 });
    const { shopper, payment } = await buy([
      { productId: chicken.id, pieces: 1 },
      { productId: eggs.id, pieces: 1 },
    ]);
    const lines = (await vendorPart(butcher, payment.orderId)).lines;
    const weighed = lines.find((line) => line.estimatedGrams !== null) as VendorOrder['lines'][number];
    const plain = lines.find((line) => line.estimatedGrams === null) as VendorOrder['lines'][number];
    expect((await weigh(null, payment.orderId, weighed._id, 900)).statusCode).toBe(401);
    expect((await weigh(shopper, payment.orderId, weighed._id, 900)).statusCode).toBe(403);
    expect((await weigh(other, payment.orderId, weighed._id, 900)).statusCode).toBe(404);
    for (const grams of [0, -5, 1.5, '900', null, 10_000_001, 1101]) {
      const response = await weigh(butcher, payment.orderId, weighed._id, grams);
      expect(response.statusCode, `${grams}: ${response.body}`).toBe(400);
      expect(response.json().error.fields).toHaveProperty('grams');
    }
    const notWeighed = await weigh(butcher, payment.orderId, plain._id, 900);
    expect(notWeighed.statusCode).toBe(400);
    expect(notWeighed.json().error.message).toContain('is not sold by weight');
    const after = (await vendorPart(butcher, payment.orderId)).lines.find((line) => line._id === weighed._id);
    expect(after?.actualGrams).toBeNull();
  });
});

describe('a card hold about to lapse', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const inDays = (days: number) => () => new Date(Date.now() + days * DAY_MS);
  const settle = (days: number) => settleLapsingHolds(t.db, t.app.payments.active, { now: inDays(days) });

  it('cancels the parts still unweighed after six and a half days and charges the parts that moved on', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const dairy = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 1000 });
    const cheese = await weighedProduct(t, dairy, { pricePerKgCents: 3200, gramsPerPiece: 250 });
    const { shopper, payment } = await buy([
      { productId: chicken.id, pieces: 1 },
      { productId: cheese.id, pieces: 2 },
    ]);
    await weighOnly(butcher, payment.orderId, 1100);
    expect((await moveOrder(t, butcher, payment.orderId, 'shipped')).statusCode).toBe(200);

    // Other tests' orders share the database: each assertion is about this order.
    expect(await settle(6)).not.toContain(payment.orderId);
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'requires_capture' });

    expect(await settle(6.6)).toContain(payment.orderId);
    // The chicken as weighed (1100 g at $20.00/kg); nothing for the cheese nobody weighed.
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'succeeded', capturedCents: 2200 });
    expect((await vendorPart(dairy, payment.orderId)).status).toBe('cancelled');
    const [stocked] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, cheese.id));
    expect(stocked.stock).toBe(20);
    expect(await refundsOf(payment.orderId)).toEqual([]);
    expect(await invoiceOf(shopper, payment._id)).toMatchObject({ grandTotal: 22, hold: { status: 'charged' } });
    const mailer = createMailer({ smtpUrl: undefined, from: 'Farmstall <hello@farmstall.test>', dataDir: os.tmpdir() });
    await deliverDueNotifications(t.db, { mailer, publicUrl: 'http://farmstall.test', limit: 1000 });
    const notices = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: shopper.auth });
    expect(notices.json().items.map((n: { body: string }) => n.body)).toContainEqual(
      expect.stringContaining(`did not weigh your order ${payment.orderNumber} in time`),
    );

    const shopNotices = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: dairy.auth });
    expect(shopNotices.json().items.map((n: { title: string }) => n.title)).toContainEqual(
      expect.stringContaining('was cancelled, not weighed in time'),
    );

    // Settled once: a later run finds nothing.
    expect(await settle(6.7)).not.toContain(payment.orderId);
  });

  it('releases the whole hold when no shop moved the order', async () => {
    const butcher = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 1500 });
    const { shopper, payment } = await buy([{ productId: chicken.id, pieces: 1 }]);
    expect(await settle(6.6)).toContain(payment.orderId);
    expect(await atProvider(payment.transactionId)).toMatchObject({ status: 'canceled', capturedCents: null });
    expect(await invoiceOf(shopper, payment._id)).toMatchObject({ grandTotal: 0, hold: { status: 'released' } });
    // The vendor can no longer hand over goods that nobody will pay for.
    expect((await moveOrder(t, butcher, payment.orderId, 'shipped')).statusCode).toBe(409);
  });
});
