import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mirrorsOf } from './mirrors.ts';
import { deals, productOptions, products, shopMarkdowns } from './tables.ts';

/**
 * One size of a product as the demo data lists it (decision 052): its own `stock`, or `draws` from the product's
 * pool; the SKU is generated when not given ('P-' + 12 upper hex digits of a random uuid).
 */
export type OptionRecord = Omit<
  typeof productOptions.$inferInsert,
  'id' | 'productId' | 'vendorId' | 'position' | 'sku' | 'createdAt'
> & { sku?: string };

/**
 * A product as the demo data lists it (the database fills in id, popularity and listed when not given). Without
 * `options` it is sold as one option made from its own columns (recordFirstOptions). With `options` (in position
 * order, all drawing or all with own stock), its price, stock (the pool given as `stock` when they draw, else their
 * sum), min_draws, unit, pack, weight, cost and margin are written as their mirrors, as product-service does.
 */
export type ProductRecord = typeof products.$inferInsert & { options?: OptionRecord[] };

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
  const rows = await tx.insert(products).values(records.map(withMirrors)).returning({
    id: products.id,
    name: products.name,
    vendorId: products.vendorId,
    imageUrl: products.imageUrl,
    priceCents: products.priceCents,
    createdAt: products.createdAt,
  });
  const sized = rows.flatMap((row, i) =>
    (records[i].options ?? []).map(({ sku, ...option }, index) => ({
      ...option,
      productId: row.id,
      vendorId: row.vendorId,
      position: index + 1,
      sku: sku ?? `P-${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`,
      listed: option.listed ?? records[i].listed ?? true,
    })),
  );
  if (sized.length > 0) await tx.insert(productOptions).values(sized);
  await recordFirstOptions(
    tx,
    rows.filter((_, i) => !records[i].options?.length).map((row) => row.id),
  );
  const options = await tx
    .select({
      productId: productOptions.productId,
      id: productOptions.id,
      label: productOptions.label,
      sku: productOptions.sku,
      priceCents: productOptions.priceCents,
      draws: productOptions.draws,
      unit: productOptions.unit,
      packLabel: productOptions.packLabel,
      netQuantity: productOptions.netQuantity,
      netUnit: productOptions.netUnit,
    })
    .from(productOptions)
    .where(
      and(
        inArray(
          productOptions.productId,
          rows.map((row) => row.id),
        ),
        eq(productOptions.listed, true),
      ),
    )
    .orderBy(productOptions.productId, productOptions.position);
  return rows.map((row) => ({
    ...row,
    /** Its listed options in position order (the demo's orders name one). */
    options: options.filter((option) => option.productId === row.id).map(({ productId: _, ...option }) => option),
  }));
}

/** A product's row with the mirrors of its options, when it lists them (decision 052). */
function withMirrors({ options, ...product }: ProductRecord): typeof products.$inferInsert {
  const kept = options?.filter((option) => option.listed !== false) ?? [];
  if (kept.length === 0) return product;
  const drawing = kept.every((option) => option.draws != null);
  if (!drawing && kept.some((option) => option.draws != null)) {
    throw new Error(`${product.name}: options either all draw from the pool or all have their own stock`);
  }
  return { ...product, ...mirrorsOf(kept, drawing ? product.stock : null) };
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
