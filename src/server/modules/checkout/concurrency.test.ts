import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPayments, orderLines, sandboxPaymentIntents } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart, productRow } from './test-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the last units', () => {
  it('20 buyers paying at once for 3 units: exactly 3 orders, stock 0, 17 refunded sold-out answers', async () => {
    const vendor = await createUser(t, { roll: 'vendor' });
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
