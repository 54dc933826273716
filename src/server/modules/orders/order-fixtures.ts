import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import type { TestUser } from '../../test/users.ts';
import { products } from '../catalog/tables.ts';
import { comments } from '../reviews/tables.ts';
import { shops } from '../shops/tables.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/** Test data: products and paid orders inserted directly, so figures can be checked against known sums. */

/** The vendor moves its lines of an order on (PATCH /api/vendor/orders/:orderId). */
export const moveOrder = (t: TestContext, vendor: TestUser, orderId: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/vendor/orders/${orderId}`, headers: vendor.auth, payload: { status } });

export type TestProduct = { id: string; name: string; priceCents: number; vendor: TestUser };

export async function insertProduct(
  t: TestContext,
  vendor: TestUser,
  { name, priceCents, stock = 20 }: { name: string; priceCents: number; stock?: number },
): Promise<TestProduct> {
  const [row] = await t.db
    .insert(products)
    .values({
      vendorId: vendor.id,
      name,
      imageUrl: '/uploads/test.webp',
      category: 'vegetable',
      details: `${name} from the test farm`,
      productionCostCents: priceCents,
      profitMarginBp: 0,
      priceCents,
      stock,
      unit: 'kg',
      manufacturedOn: '2026-01-01',
      expiresOn: dayFromToday(365),
    })
    .returning({ id: products.id });
  return { id: row.id, name, priceCents, vendor };
}

/** A paid order of `customer` with one line per product, created at `createdAt` (default now). */
export async function insertOrder(
  t: TestContext,
  customer: TestUser,
  lines: { product: TestProduct; amount: number }[],
  createdAt = new Date(),
): Promise<{ orderId: string; paymentId: string; priceCents: number }> {
  const priceCents = lines.reduce((sum, l) => sum + l.product.priceCents * l.amount, 0);
  const [payment] = await t.db
    .insert(customerPayments)
    .values({
      userId: customer.id,
      email: customer.email,
      name: customer.name,
      orderName: customer.name,
      phoneNumber: '+1 555 000 2222',
      address: '2 Orchard Lane',
      subtotalCents: priceCents,
      priceCents,
      provider: 'sandbox',
      transactionId: `pi_test_${randomUUID()}`,
      createdAt,
    })
    .returning({ id: customerPayments.id });
  const [order] = await t.db
    .insert(orders)
    .values({ paymentId: payment.id, userId: customer.id, email: customer.email, name: customer.name, createdAt })
    .returning({ id: orders.id });
  for (const { product, amount } of lines) {
    const [shop] = await t.db.select({ name: shops.name }).from(shops).where(eq(shops.vendorId, product.vendor.id));
    await t.db.insert(orderLines).values({
      orderId: order.id,
      productId: product.id,
      vendorId: product.vendor.id,
      shopName: shop?.name ?? product.vendor.name,
      shopEmail: product.vendor.email,
      itemName: product.name,
      image: '/uploads/test.webp',
      unitPriceCents: product.priceCents,
      amount,
      totalCents: product.priceCents * amount,
      createdAt,
    });
  }
  return { orderId: order.id, paymentId: payment.id, priceCents };
}

export async function insertReview(
  t: TestContext,
  product: TestProduct,
  author: TestUser,
  rating: number,
  text: string,
) {
  const [row] = await t.db
    .insert(comments)
    .values({ productId: product.id, userId: author.id, commentDes: text, rating })
    .returning({ id: comments.id });
  return row.id;
}

export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
