import { sql } from 'drizzle-orm';
import type { Deal } from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { PRODUCT_COLUMNS, productRow, SHOP_CARD_JOIN, toProduct } from './product-rows.ts';

export const DEALS_SHOWN = 3;
/** A new deal runs 15 days: the spec's countdown starts at 1296000 s. */
export const DEAL_SECONDS = 1_296_000;
/** What a new deal takes off the product's price: the cart charges the lower price while the deal runs. */
export const DEAL_DISCOUNT_PERCENT = 20;

async function activeDeals(db: Db) {
  const result = await db.execute(sql`
    SELECT ${PRODUCT_COLUMNS}
    FROM deals d JOIN products p ON p.id = d.product_id ${SHOP_CARD_JOIN}
    WHERE d.ends_at > now() AND running_deal.id = d.id AND p.listed AND p.expires_on >= ${BUSINESS_TODAY}
    ORDER BY d.ends_at ASC, p.id
    LIMIT ${DEALS_SHOWN}`);
  return parseRows(productRow, result.rows);
}

/**
 * Deals of the day, each a real discount (DEAL_DISCOUNT_PERCENT off, charged by the cart) with the moment it ends. When fewer than three are running, the most popular
 * offered products not yet on a deal start a new 15-day deal (under an advisory lock, so concurrent
 * requests do not start extra ones).
 */
export async function currentDeals(db: Db): Promise<Deal[]> {
  let rows = await activeDeals(db);
  if (rows.length < DEALS_SHOWN) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('farmstall:deals'))`);
      const started = await tx.execute(sql`
        INSERT INTO deals (product_id, ends_at, discount_percent)
        SELECT p.id, now() + make_interval(secs => ${DEAL_SECONDS}), ${DEAL_DISCOUNT_PERCENT}
        FROM products p
        WHERE p.listed AND p.expires_on >= ${BUSINESS_TODAY} AND p.stock > 0
          AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.product_id = p.id AND d.ends_at > now())
        ORDER BY p.popularity DESC, p.id
        LIMIT GREATEST(0, ${DEALS_SHOWN} - (
          SELECT count(*) FROM deals d JOIN products p2 ON p2.id = d.product_id
          WHERE d.ends_at > now() AND p2.listed AND p2.expires_on >= ${BUSINESS_TODAY}))`);
      if (started.rowCount) await notifyCatalogChanged(tx); // listings show the deal prices
    });
    rows = await activeDeals(db);
  }
  return rows.flatMap((row) => {
    const product = toProduct(row);
    return product.deal ? [{ ...product, deal: product.deal, endsAt: product.deal.endsAt }] : [];
  });
}
