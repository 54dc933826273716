import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { priceFromCost } from '#contract/money.ts';
import { products } from '../modules/catalog/tables.ts';
import { customerPayments, orderLines, orders } from '../modules/orders/tables.ts';
import { comments } from '../modules/reviews/tables.ts';
import { shops } from '../modules/shops/tables.ts';
import type { TestContext } from './app.ts';
import { dayFromToday } from './dates.ts';
import type { TestUser } from './users.ts';

/**
 * Test data written straight into the database, one factory per entity, each with overrides: users (and a
 * vendor's shop) are in users.ts, re-exported here; products, orders and reviews below. What goes through the
 * API instead (a cart, a payment, an order paid at checkout) is in modules/checkout/test-fixtures.ts.
 */
export { createUser, setupUser, type TestUser } from './users.ts';

export type ProductOverrides = Partial<typeof products.$inferInsert>;

let productCount = 0;

/**
 * A listed product of `vendor`: vegetables by the kg, 10 in stock, good for a year from today, $5.00 with no margin
 * (cost and price alike). Any column may be overridden: give `priceCents` alone and the cost is that price; give
 * `productionCostCents` (and `profitMarginBp`) alone and the price follows from them. The whole row comes back.
 */
export async function createProduct(t: TestContext, vendor: { id: string }, overrides: ProductOverrides = {}) {
  productCount += 1;
  // An override given as undefined leaves the default (a spread would write undefined over it).
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const cost = overrides.productionCostCents ?? overrides.priceCents ?? 500;
  const margin = overrides.profitMarginBp ?? 0;
  const [row] = await t.db
    .insert(products)
    .values({
      vendorId: vendor.id,
      name: `Test product ${productCount}`,
      imageUrl: '/uploads/product.webp',
      category: 'vegetable',
      details: 'Fresh from the farm',
      productionCostCents: cost,
      profitMarginBp: margin,
      priceCents: overrides.priceCents ?? priceFromCost(cost, margin),
      stock: 10,
      unit: 'kg',
      manufacturedOn: '2024-01-01',
      expiresOn: dayFromToday(365),
      ...given,
    })
    .returning();
  return row;
}

/** What createOrder sells: a product and the test user whose it is. */
export type TestProduct = { id: string; name: string; priceCents: number; vendor: TestUser };

/**
 * A paid order of `customer` with one line per product at its price, created at `createdAt` (default now): the
 * payment, the order and its lines, without checkout, so that figures can be checked against known sums.
 */
export async function createOrder(
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

/** A review of `product` by `author` (a rating from 1 to 5 and its text); its id. */
export async function createReview(
  t: TestContext,
  product: { id: string },
  author: TestUser,
  rating: number,
  text: string,
): Promise<string> {
  const [row] = await t.db
    .insert(comments)
    .values({ productId: product.id, userId: author.id, commentDes: text, rating })
    .returning({ id: comments.id });
  return row.id;
}
