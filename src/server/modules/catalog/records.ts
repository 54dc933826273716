import { count, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deals, products, shopMarkdowns } from './tables.ts';

/** A product as the demo data lists it (the database fills in id, popularity and listed when not given). */
export type ProductRecord = typeof products.$inferInsert;

/** Whether any product, listed or not, was ever recorded (the demo data seeds an empty catalog only). */
export async function hasProducts(db: Tx): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  return n > 0;
}

/**
 * Gives each of the given products that has no option yet its one option, exactly as migration 0055 made every
 * existing product's (decision 052): position 1, drawing 1 unit from the product's stock (own stock NULL), its price,
 * cost, margin, unit, pack and weight, listed as the product, labelled by its unit ('Each', 'Dozen', '1 kg', the
 * pack's label) and with the SKU 'P-' + the first 12 hex digits of its id. The products rows are not written: their
 * price, stock and min_draws (1) already mirror that one option. Returns the options inserted.
 */
export async function recordFirstOptions(
  tx: Tx,
  productIds: readonly string[],
): Promise<{ id: string; productId: string }[]> {
  if (productIds.length === 0) return [];
  const result = await tx.execute<{ id: string; productId: string }>(sql`
    INSERT INTO product_options (product_id, vendor_id, position, label, sku, price_cents,
      production_cost_cents, profit_margin_bp, unit, pack_label, net_quantity, net_unit, sold_by_weight,
      grams_per_piece, stock, draws, listed)
    SELECT p.id, p.vendor_id, 1,
      CASE p.unit WHEN 'pack' THEN coalesce(p.pack_label, 'Pack') WHEN 'piece' THEN 'Each' WHEN 'bunch' THEN 'Bunch'
        WHEN 'dozen' THEN 'Dozen' WHEN 'liter' THEN '1 liter' ELSE '1 ' || p.unit::text END,
      'P-' || upper(left(replace(p.id::text, '-', ''), 12)), p.price_cents, p.production_cost_cents, p.profit_margin_bp,
      p.unit, p.pack_label, p.net_quantity, p.net_unit, p.sold_by_weight, p.grams_per_piece, NULL, 1, p.listed
    FROM products p
    WHERE p.id = ANY(${sql.param([...productIds])}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = p.id)
    RETURNING id, product_id AS "productId"`);
  return result.rows;
}

/**
 * Records products as given (the demo data), each with its one first option (recordFirstOptions); returns what the
 * rest of the seed refers to.
 */
export async function recordProducts(tx: Tx, records: ProductRecord[]) {
  const rows = await tx.insert(products).values(records).returning({
    id: products.id,
    name: products.name,
    vendorId: products.vendorId,
    imageUrl: products.imageUrl,
    priceCents: products.priceCents,
    createdAt: products.createdAt,
  });
  await recordFirstOptions(
    tx,
    rows.map((row) => row.id),
  );
  return rows;
}

/** Sets shops' near-expiry markdown rules (the demo data). */
export async function recordShopMarkdowns(
  tx: Tx,
  records: { vendorId: string; percent: number; days: number }[],
): Promise<void> {
  await tx.insert(shopMarkdowns).values(records);
}

/** Starts deals of the day ending at the given moments (the demo data). */
export async function recordDeals(
  tx: Tx,
  records: { productId: string; endsAt: Date; discountPercent?: number }[],
): Promise<void> {
  await tx.insert(deals).values(records);
}
