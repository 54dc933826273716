import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Pack, Unit } from '#contract/units.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { packOf } from './stock.ts';
import { productOptions, products } from './tables.ts';

/** Who sells a product, its name, and whether it is still listed; undefined for an unknown id. */
export async function productOwner(
  db: Tx,
  id: string,
): Promise<{ id: string; name: string; vendorId: string; listed: boolean } | undefined> {
  const [row] = await db
    .select({ id: products.id, name: products.name, vendorId: products.vendorId, listed: products.listed })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/**
 * Names, vendors and units (with the pack one unit is; decision 053) of these products (listed or not), by id: one
 * query for a page of reviews or lines.
 */
export async function productNames(
  db: Tx,
  ids: readonly string[],
): Promise<Map<string, { name: string; vendorId: string; unit: Unit; pack: Pack | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      vendorId: products.vendorId,
      unit: products.unit,
      packLabel: products.packLabel,
      netQuantity: products.netQuantity,
      netUnit: products.netUnit,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [row.id, { name: row.name, vendorId: row.vendorId, unit: row.unit, pack: packOf(row) }]),
  );
}

/**
 * Takes every product of a deleted vendor off sale, with their options (order lines keep pointing at them); how many
 * products were listed.
 */
export async function unlistVendorProducts(tx: Tx, vendorId: string): Promise<number> {
  // The products leave their kept filter counts one by one, in no set order: their categories' and the shop's rows
  // are locked first in the order every edit takes them (migration 0041), so the two cannot deadlock.
  await tx.execute(sql`SELECT FROM product_facet_counts
    WHERE (scope = 'category' AND scope_key IN (
        SELECT DISTINCT category FROM products WHERE vendor_id = ${vendorId} AND listed))
      OR (scope = 'shop' AND scope_key = ${vendorId}::text)
    ORDER BY scope, scope_key, expires_on FOR UPDATE`);
  const result = await tx
    .update(products)
    .set({ listed: false, updatedAt: new Date() })
    .where(and(eq(products.vendorId, vendorId), eq(products.listed, true)));
  await tx
    .update(productOptions)
    .set({ listed: false })
    .where(and(eq(productOptions.vendorId, vendorId), eq(productOptions.listed, true)));
  if (result.rowCount) await notifyCatalogChanged(tx);
  return result.rowCount ?? 0;
}

/**
 * How many products are listed: a vendor's (`vendorId`), or every vendor's; `offered` counts only those not past
 * their expiry date (what a shopper can buy).
 */
export async function countProducts(db: Tx, filter: { vendorId?: string; offered?: boolean } = {}): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.listed, true),
        filter.vendorId ? eq(products.vendorId, filter.vendorId) : undefined,
        filter.offered ? sql`${products.expiresOn} >= ${BUSINESS_TODAY}` : undefined,
      ),
    );
  return n;
}

/** Offered products (listed, not expired) of each of these vendors, by vendor id (0 when none). */
export async function countOfferedProducts(db: Tx, vendorIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(vendorIds.map((id) => [id, 0]));
  if (vendorIds.length === 0) return counts;
  const rows = await db
    .select({ vendorId: products.vendorId, n: count() })
    .from(products)
    .where(
      and(
        inArray(products.vendorId, [...new Set(vendorIds)]),
        eq(products.listed, true),
        sql`${products.expiresOn} >= ${BUSINESS_TODAY}`,
      ),
    )
    .groupBy(products.vendorId);
  for (const row of rows) counts.set(row.vendorId, row.n);
  return counts;
}
