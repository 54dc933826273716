import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import { paymentIntents, refunds, sandboxPaymentIntents } from '../payments/tables.ts';
import { addToCart, confirmOrder, createProduct, payCart, productRow } from './test-fixtures.ts';

const t = setupTestApp();

describe('the last units', () => {
  it('20 buyers paying at once for 3 units: exactly 3 orders, stock 0, 17 refunded sold-out answers', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await createProduct(t, vendor, { name: 'Truffle honey', priceCents: 2000, stock: 3 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    // Every buyer has the product in the cart and has paid by card before anyone confirms.
    const paid = [];
    for (const buyer of buyers) {
      await addToCart(t, buyer, product.id, 1);
      const { intent } = await payCart(t, buyer);
      paid.push({ buyer, intentId: intent.paymentIntentId });
    }

    const answers = await Promise.all(paid.map(({ buyer, intentId }) => confirmOrder(t, buyer, intentId)));

    const sold = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(sold).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const answer of refused) {
      expect(answer.json().error.message).toBe(
        'Truffle honey is sold out. Your payment was refunded and nothing was charged.',
      );
    }
    expect((await productRow(t, product.id)).stock).toBe(0);
    const [{ payments }] = await t.db.select({ payments: count() }).from(customerPayments);
    expect(payments).toBe(3);
    const [{ lines }] = await t.db
      .select({ lines: count() })
      .from(orderLines)
      .where(eq(orderLines.productId, product.id));
    expect(lines).toBe(3);
    const [{ refunds }] = await t.db
      .select({ refunds: count() })
      .from(sandboxPaymentIntents)
      .where(isNotNull(sandboxPaymentIntents.refundedAt));
    expect(refunds).toBe(17);
  });
});

describe('one cart, one order', () => {
  it('10 intents of one 1-unit cart confirmed at once: 1 order, 9 full refunds, stock down by exactly 1', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await createProduct(t, vendor, { name: 'Saffron', priceCents: 1500, stock: 5 });
    const buyer = await createUser(t);
    await addToCart(t, buyer, product.id, 1);
    // Ten tabs each open a payment for the same cart and pay it with the sandbox card.
    const intents = [];
    for (let i = 0; i < 10; i++) {
      const { intent, paid } = await payCart(t, buyer);
      expect(paid.statusCode).toBe(200);
      intents.push(intent.paymentIntentId);
    }

    const answers = await Promise.all(intents.map((id) => confirmOrder(t, buyer, id)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().error.message).toBe(
        'Your cart is empty. Your payment was refunded and nothing was charged.',
      );
    }
    const [{ placed }] = await t.db.select({ placed: count() }).from(orders).where(eq(orders.userId, buyer.id));
    expect(placed).toBe(1);
    expect((await productRow(t, product.id)).stock).toBe(4);
    const given = await t.db
      .select({ status: refunds.status, amountCents: refunds.amountCents, reason: refunds.reason })
      .from(refunds)
      .innerJoin(paymentIntents, eq(paymentIntents.id, refunds.paymentIntentId))
      .where(eq(paymentIntents.userId, buyer.id));
    expect(given).toHaveLength(9);
    expect(given.every((r) => r.status === 'succeeded' && r.amountCents === 1500 && r.reason === 'duplicate')).toBe(
      true,
    );
    const [{ back }] = await t.db
      .select({ back: count() })
      .from(sandboxPaymentIntents)
      .where(and(isNotNull(sandboxPaymentIntents.refundedAt)));
    expect(back).toBeGreaterThanOrEqual(9);
    const statuses = await t.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.userId, buyer.id));
    expect(statuses.map((s) => s.status).sort()).toEqual(['refunded', ...Array(8).fill('refunded'), 'settled'].sort());
  });
});
