import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { priceFromCost } from '#contract/money.ts';
import type { NetUnit, Unit } from '#contract/units.ts';
import { mirrorsOf } from '../modules/catalog/mirrors.ts';
import { recordFirstOptions } from '../modules/catalog/records.ts';
import { productOptions, products } from '../modules/catalog/tables.ts';
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

/**
 * One option of a product made by createProduct (decision 052). `priceCents` (per kg when sold by weight), or a cost
 * and margin it follows from; `stock` (its own) or `draws` (pool units one takes); the rest defaults to the product's
 * unit, no pack, not sold by weight, a generated SKU ('P-' + 12 hex digits) and listed as the product.
 */
export type OptionOverrides = {
  label: string;
  priceCents?: number;
  productionCostCents?: number | null;
  profitMarginBp?: number | null;
  sku?: string;
  gtin?: string | null;
  unit?: Unit;
  pack?: { label: string; netQuantity: number; netUnit: NetUnit } | null;
  soldByWeight?: boolean;
  gramsPerPiece?: number | null;
  stock?: number;
  draws?: number;
  listed?: boolean;
};

/**
 * Columns of the product row, plus `options` (in position order) and `pool` (the shared stock they draw from): with
 * `options`, the product's price, stock, min_draws, unit, pack, weight, cost and margin are their mirrors (as
 * product-service's writeOptions writes them) and those columns' overrides are not used.
 */
export type ProductOverrides = Partial<typeof products.$inferInsert> & { options?: OptionOverrides[]; pool?: number };

let productCount = 0;

const generatedSku = () => `P-${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/**
 * A listed product of `vendor`: vegetables by the kg, 10 in stock, good for a year from today, $5.00 with no margin
 * (cost and price alike), sold as one option drawing 1 from its stock (as migration 0055 made every product). Any
 * column may be overridden: give `priceCents` alone and the cost is that price; give `productionCostCents` (and
 * `profitMarginBp`) alone and the price follows from them. Give `options` for several sizes: each with its own
 * `stock`, or all drawing (`draws`) from `pool` (default 10). The whole row comes back, with `optionIds` in position
 * order.
 */
export async function createProduct(t: TestContext, vendor: { id: string }, overrides: ProductOverrides = {}) {
  productCount += 1;
  const { options, pool, ...columns } = overrides;
  // An override given as undefined leaves the default (a spread would write undefined over it).
  const given = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  const cost = columns.productionCostCents ?? columns.priceCents ?? 500;
  const margin = columns.profitMarginBp ?? 0;
  const values: typeof products.$inferInsert = {
    vendorId: vendor.id,
    name: `Test product ${productCount}`,
    imageUrl: '/uploads/product.webp',
    category: 'vegetable',
    details: 'Fresh from the farm',
    productionCostCents: cost,
    profitMarginBp: margin,
    priceCents: columns.priceCents ?? priceFromCost(cost, margin),
    stock: 10,
    unit: 'kg',
    manufacturedOn: '2024-01-01',
    expiresOn: dayFromToday(365),
    ...given,
  };
  if (!options || options.length === 0) {
    const [row] = await t.db.insert(products).values(values).returning();
    const inserted = await recordFirstOptions(t.db, [row.id]);
    return { ...row, optionIds: inserted.map((option) => option.id) };
  }
  return createProductWithOptions(t, values, options, pool ?? columns.stock);
}

async function createProductWithOptions(
  t: TestContext,
  values: typeof products.$inferInsert,
  options: OptionOverrides[],
  pool: number | undefined,
) {
  const shared =
    options.some((o) => o.draws !== undefined) || (pool !== undefined && options.every((o) => o.stock === undefined));
  if (options.some((o) => (shared ? o.stock !== undefined : o.draws !== undefined))) {
    throw new Error('createProduct: options either all draw from the pool or all have their own stock');
  }
  if (new Set(options.map((o) => o.soldByWeight ?? values.soldByWeight ?? false)).size > 1) {
    throw new Error('createProduct: all options of a product are sold by weight or none (owner’s ruling)');
  }
  const productListed = values.listed ?? true;
  const rows = options.map((o, index) => {
    const soldByWeight = o.soldByWeight ?? values.soldByWeight ?? false;
    const optionCost = o.productionCostCents === undefined ? (o.priceCents ?? 500) : o.productionCostCents;
    const optionMargin = o.profitMarginBp === undefined ? 0 : o.profitMarginBp;
    return {
      vendorId: values.vendorId,
      position: index + 1,
      label: o.label,
      sku: o.sku ?? generatedSku(),
      gtin: o.gtin ?? null,
      priceCents: o.priceCents ?? priceFromCost(optionCost ?? 0, optionMargin ?? 0),
      productionCostCents: optionCost,
      profitMarginBp: optionMargin,
      unit: o.unit ?? values.unit ?? 'kg',
      packLabel: o.pack?.label ?? null,
      netQuantity: o.pack?.netQuantity ?? null,
      netUnit: o.pack?.netUnit ?? null,
      soldByWeight,
      gramsPerPiece: soldByWeight ? (o.gramsPerPiece ?? values.gramsPerPiece ?? 250) : null,
      stock: shared ? null : (o.stock ?? 10),
      draws: shared ? (o.draws ?? 1) : null,
      listed: o.listed ?? productListed,
      // Mirrors are read from the options the vendor keeps (an unlisted product's included).
      kept: o.listed !== false,
    };
  });
  const kept = rows.filter((r) => r.kept);
  const [row] = await t.db
    .insert(products)
    .values({
      ...values,
      ...mirrorsOf(kept.length > 0 ? kept : rows, shared ? (pool ?? 10) : null),
    })
    .returning();
  const inserted = await t.db
    .insert(productOptions)
    .values(rows.map(({ kept: _, ...r }) => ({ ...r, productId: row.id })))
    .returning({ id: productOptions.id, position: productOptions.position });
  const optionIds = inserted.sort((a, b) => a.position - b.position).map((o) => o.id);
  return { ...row, optionIds };
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
