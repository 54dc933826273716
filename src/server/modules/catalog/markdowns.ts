import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MARKDOWN_DAYS, type MarkdownRule, type ShopMarkdown } from '#contract/markdowns.ts';
import type { CardProduct } from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { shopListed } from '../shops/index.ts';
import {
  MARKDOWN_PERCENT_TODAY,
  PRODUCT_COLUMNS,
  productRow,
  SHOP_CARD_JOIN,
  SHOP_MARKDOWN_JOIN,
  toProductCard,
} from './product-rows.ts';
import { shopMarkdowns } from './tables.ts';

/** The vendor's shop-wide markdown rule, or null. */
export async function shopMarkdown(db: Tx, vendorId: string): Promise<ShopMarkdown> {
  const [rule] = await db
    .select({ percent: shopMarkdowns.percent, days: shopMarkdowns.days })
    .from(shopMarkdowns)
    .where(eq(shopMarkdowns.vendorId, vendorId));
  return { rule: rule ?? null };
}

/** Sets (or replaces) the vendor's shop-wide markdown rule. */
export async function setShopMarkdown(db: Tx, vendorId: string, rule: MarkdownRule): Promise<ShopMarkdown> {
  await db
    .insert(shopMarkdowns)
    .values({ vendorId, ...rule })
    .onConflictDoUpdate({ target: shopMarkdowns.vendorId, set: { ...rule, updatedAt: new Date() } });
  return { rule };
}

/** Removes the vendor's shop-wide markdown rule (nothing to remove is no error). */
export async function clearShopMarkdown(db: Tx, vendorId: string): Promise<ShopMarkdown> {
  await db.delete(shopMarkdowns).where(eq(shopMarkdowns.vendorId, vendorId));
  return { rule: null };
}

/**
 * The "Last chance" shelf: products sold at their near-expiry markdown today (it beats their deal, if any),
 * soonest expiry first, in one statement walking products_expiry_idx over the next MARKDOWN_DAYS.max days.
 */
export async function lastChanceProducts(db: Tx, limit: number): Promise<CardProduct[]> {
  const result = await db.execute(sql`
    SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN}
    WHERE p.listed AND p.stock >= p.min_draws AND ${shopListed(sql`p.vendor_id`)}
      AND p.expires_on >= ${BUSINESS_TODAY} AND p.expires_on < ${BUSINESS_TODAY} + ${MARKDOWN_DAYS.max}::int
      AND ${MARKDOWN_PERCENT_TODAY} > coalesce(running_deal.discount_percent, 0)
    ORDER BY p.expires_on, p.id
    LIMIT ${limit}`);
  return parseRows(productRow, result.rows).map(toProductCard);
}

const entering = z.object({
  product_id: z.string(),
  vendor_id: z.string(),
  name: z.string(),
  percent: z.number(),
  use_by: z.string(),
});
export type EnteringMarkdown = { productId: string; vendorId: string; name: string; percent: number; useBy: string };

/**
 * The offered products in stock whose markdown window opens on `day` (YYYY-MM-DD, a business day): the first day
 * they sell marked down, with the rule's percent and their use-by date; only those of `productIds` when given. For
 * telling shoppers who favour them (one statement, walking products_expiry_idx over the days a window can span).
 */
export async function productsEnteringMarkdown(
  db: Tx,
  day: string,
  productIds?: readonly string[],
): Promise<EnteringMarkdown[]> {
  if (productIds?.length === 0) return [];
  const only = productIds
    ? sql`AND p.id IN (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    SELECT p.id AS product_id, p.vendor_id, p.name, coalesce(p.markdown_percent, shop_markdown.percent)::int AS percent,
      p.expires_on::text AS use_by
    FROM products p ${SHOP_MARKDOWN_JOIN}
    WHERE p.listed AND p.stock >= p.min_draws AND p.expires_on >= ${day}::date
      AND p.expires_on < ${day}::date + ${MARKDOWN_DAYS.max}::int
      AND p.expires_on - coalesce(p.markdown_days, shop_markdown.days) + 1 = ${day}::date ${only}
    ORDER BY p.expires_on, p.id`);
  return parseRows(entering, result.rows).map((row) => ({
    productId: row.product_id,
    vendorId: row.vendor_id,
    name: row.name,
    percent: row.percent,
    useBy: row.use_by,
  }));
}
