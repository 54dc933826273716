import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '#contract/notifications.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { tellFansBackInStock } from '../favourites/index.ts';
import { notify } from '../notifications/index.ts';
import { shopCards } from '../shops/index.ts';
import { productOptions, products } from './tables.ts';

/**
 * One product's stock before and after a change (a sale, a cancellation, the vendor's edit), in its units or its
 * pool's; it is in stock while at least `minDraws` (its smallest option's draw, 1 by default) are left.
 */
export type StockChange = { productId: string; before: number; after: number; minDraws?: number };

/**
 * Tells, in the transaction of the stock change, who must hear about it: the vendor when a product's stock comes
 * down to LOW_STOCK_THRESHOLD or below (once per crossing: only a change from above it to it or below), and each
 * shopper who favourited a product back in stock (from fewer units than its smallest option draws; at most once a
 * business day per shopper and product: the favourites module's tellFansBackInStock). Unlisted and expired products tell nobody.
 */
export async function tellStockChanges(tx: Tx, changes: readonly StockChange[]): Promise<void> {
  const low = changes.filter((c) => c.before > LOW_STOCK_THRESHOLD && c.after <= LOW_STOCK_THRESHOLD);
  const back = changes.filter((c) => c.before < (c.minDraws ?? 1) && c.after >= (c.minDraws ?? 1));
  if (low.length === 0 && back.length === 0) return;
  const rows = await tx
    .select({ id: products.id, name: products.name, vendorId: products.vendorId })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          [...low, ...back].map((c) => c.productId),
        ),
        eq(products.listed, true),
        sql`${products.expiresOn} >= ${BUSINESS_TODAY}`,
      ),
    );
  const offered = new Map(rows.map((row) => [row.id, row]));
  const sizes = await sizesOf(
    tx,
    rows.map((row) => row.id),
  );
  const shops = await shopCards(
    tx,
    rows.map((row) => row.vendorId),
  );
  for (const change of low) {
    const product = offered.get(change.productId);
    const shop = product && shops.get(product.vendorId);
    if (!product || !shop) continue;
    await notify(tx, [{ userId: product.vendorId, email: shop.email }], {
      kind: 'low_stock',
      productId: product.id,
      productName: product.name,
      stock: change.after,
      ...sizes.get(product.id),
    });
  }
  for (const change of back) {
    const product = offered.get(change.productId);
    if (!product) continue;
    await tellFansBackInStock(tx, {
      productId: product.id,
      productName: product.name,
      shopName: shops.get(product.vendorId)?.name ?? '',
      stock: change.after,
      ...sizes.get(product.id),
    });
  }
}

/**
 * The sizes of these products that sell in several (decision 052), with how many of each can be bought now (its own
 * stock, or the pool divided by its draws), keyed by product id: what a notice names beside the product's units.
 */
async function sizesOf(tx: Tx, productIds: string[]) {
  const rows = await tx
    .select({
      productId: productOptions.productId,
      label: productOptions.label,
      available: sql<number>`(CASE WHEN ${productOptions.draws} IS NULL THEN ${productOptions.stock}
        ELSE ${products.stock} / ${productOptions.draws} END)::int`,
    })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(inArray(productOptions.productId, productIds), eq(productOptions.listed, true)))
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
  const byProduct = new Map<string, { label: string; available: number }[]>();
  for (const { productId, label, available } of rows) {
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), { label, available }]);
  }
  return new Map(
    [...byProduct].filter(([, sizes]) => sizes.length > 1).map(([productId, sizes]) => [productId, { sizes }]),
  );
}
