import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { refunds, sandboxPaymentIntents, sandboxRefunds } from '../payments/tables.ts';
import { moveOrder } from './order-fixtures.ts';

/** A vendor cancelling lines gives the buyer back what was paid for them, through the card provider. */
const t = setupTestApp();
const admin = setupUser(t, { role: 'admin' });

type Payment = { _id: string; orderId: string; transactionId: string; price: number };

/** One shopper buys one product from each vendor (price in cents × amount), with an optional coupon. */
async function buyFrom(shops: { vendor: TestUser; priceCents: number; amount: number }[], couponCode?: string) {
  const shopper = await createUser(t);
  for (const { vendor, priceCents, amount } of shops) {
    const product = await createProduct(t, vendor, { priceCents, stock: 50 });
    await addToCart(t, shopper, product.id, amount);
  }
  const { intent } = await payCart(t, shopper, { couponCode });
  const confirmed = await confirmOrder(t, shopper, intent.paymentIntentId);
  expect(confirmed.statusCode).toBe(201);
  return { shopper, payment: confirmed.json() as Payment };
}

const cancel = (vendor: TestUser, orderId: string) => moveOrder(t, vendor, orderId, 'cancelled');

/** What the sandbox card processor gave back on the charge. */
async function atProvider(transactionId: string) {
  const [intent] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, transactionId));
  const given = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, transactionId));
  return { amountCents: intent.amountCents, refundedCents: intent.amountRefundedCents, refunds: given };
}

async function historyEntry(shopper: TestUser, paymentId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customerPayments/${shopper.email}`,
    headers: shopper.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json().items.find((p: { _id: string }) => p._id === paymentId);
}

describe('a vendor cancelling its lines', () => {
  it('refunds just those lines at the provider and the buyer sees it in the history and the invoice', async () => {
    const farm = await createUser(t, { role: 'vendor', name: 'Farm' });
    const dairy = await createUser(t, { role: 'vendor', name: 'Dairy' });
    const { shopper, payment } = await buyFrom([
      { vendor: farm, priceCents: 250, amount: 2 },
      { vendor: dairy, priceCents: 999, amount: 1 },
    ]);
    expect(payment.price).toBe(14.99);

    const cancelled = await cancel(dairy, payment.orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', orderStatus: 'pending' });

    const provider = await atProvider(payment.transactionId);
    expect(provider.refundedCents).toBe(999);
    expect(provider.refunds.map((r) => r.amountCents)).toEqual([999]);

    const entry = await historyEntry(shopper, payment._id);
    expect(entry).toMatchObject({ status: 'pending', price: 14.99, refunded: 9.99, refundPending: 0, netPaid: 5 });
    const dairyLine = entry.productIds.find((line: { status: string }) => line.status === 'cancelled');
    expect(dairyLine.refund).toEqual({ amount: 9.99, status: 'succeeded' });
    expect(entry.productIds.find((line: { status: string }) => line.status === 'pending').refund).toBeNull();
    expect(entry.refunds).toEqual([
      {
        _id: expect.any(String),
        amount: 9.99,
        description: `${dairyLine.itemName} ×1 (${dairyLine.shopName}), cancelled by the shop`,
        lineIds: [dairyLine._id],
        status: 'succeeded',
        date: expect.any(String),
      },
    ]);

    const home = await t.app.inject({ method: 'GET', url: '/api/customer-stats', headers: shopper.auth });
    expect(home.json()).toMatchObject({ totalMoney: 5, totalItems: 2 });

    const invoice = (
      await t.app.inject({ method: 'GET', url: `/api/invoice/${payment._id}`, headers: shopper.auth })
    ).json();
    expect(invoice).toMatchObject({ grandTotal: 14.99, refunded: 9.99, refundPending: 0, netPaid: 5 });
    expect(invoice.refunds).toEqual(entry.refunds);
    expect(invoice.items.find((item: { status: string }) => item.status === 'cancelled').refund).toEqual({
      amount: 9.99,
      status: 'succeeded',
    });
  });

  it('with a coupon, refunds each line’s share of what was paid, and all lines together exactly the charge', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: admin.auth,
      payload: { code: 'THIRDOFF', kind: 'fixed', value: 3.33 },
    });
    const shops = await Promise.all(['North', 'East', 'West'].map((name) => createUser(t, { role: 'vendor', name })));
    // $3.33 + $3.33 + $3.34 = $10.00, less $3.33: $6.67 charged, which does not split into cents evenly.
    const { shopper, payment } = await buyFrom(
      [
        { vendor: shops[0], priceCents: 333, amount: 1 },
        { vendor: shops[1], priceCents: 333, amount: 1 },
        { vendor: shops[2], priceCents: 334, amount: 1 },
      ],
      'THIRDOFF',
    );
    expect(payment.price).toBe(6.67);

    expect((await cancel(shops[1], payment.orderId)).statusCode).toBe(200);
    const first = await atProvider(payment.transactionId);
    expect(first.refundedCents).toBeGreaterThanOrEqual(222);
    expect(first.refundedCents).toBeLessThanOrEqual(223);

    expect((await cancel(shops[0], payment.orderId)).statusCode).toBe(200);
    expect((await cancel(shops[2], payment.orderId)).statusCode).toBe(200);
    const all = await atProvider(payment.transactionId);
    expect(all.refunds).toHaveLength(3);
    expect(all.refundedCents).toBe(667);
    expect(all.refunds.map((r) => r.amountCents).sort()).toEqual([222, 222, 223]);

    const entry = await historyEntry(shopper, payment._id);
    expect(entry).toMatchObject({ status: 'cancelled', refunded: 6.67, refundPending: 0, netPaid: 0 });
    const [intent] = await t.db
      .select({ refundedAt: sandboxPaymentIntents.refundedAt })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, payment.transactionId));
    expect(intent.refundedAt).not.toBeNull();
  });

  it('refunds once when the same part is cancelled twice, even at the same moment', async () => {
    const farm = await createUser(t, { role: 'vendor' });
    const other = await createUser(t, { role: 'vendor' });
    const { payment } = await buyFrom([
      { vendor: farm, priceCents: 400, amount: 3 },
      { vendor: other, priceCents: 100, amount: 1 },
    ]);
    const both = await Promise.all([cancel(farm, payment.orderId), cancel(farm, payment.orderId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await cancel(farm, payment.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is cancelled and cannot be marked cancelled');

    const provider = await atProvider(payment.transactionId);
    expect(provider.refunds.map((r) => r.amountCents)).toEqual([1200]);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, payment.orderId));
    expect(rows).toEqual([
      expect.objectContaining({ amountCents: 1200, reason: 'vendor_cancelled', status: 'succeeded' }),
    ]);
  });
});
