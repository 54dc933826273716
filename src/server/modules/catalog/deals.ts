import { sql } from 'drizzle-orm';
import { CATEGORY_DEALS_SHOWN, DEAL_DISCOUNT_PERCENT, DEAL_SECONDS, DEALS_SHOWN } from '#contract/deals.ts';
import type { Deal } from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { shopListed } from '../shops/index.ts';
import { PRODUCT_COLUMNS, type ProductRow, productRow, SHOP_CARD_JOIN, toProductCard } from './product-rows.ts';

/** Running deals on offered products (of one category when given), soonest end first. */
async function activeDeals(db: Db, limit: number, category?: string) {
  const inCategory = category ? sql`AND p.category = ${category}` : sql``;
  const result = await db.execute(sql`
    SELECT ${PRODUCT_COLUMNS}
    FROM deals d JOIN products p ON p.id = d.product_id ${SHOP_CARD_JOIN}
    WHERE d.ends_at > now() AND running_deal.id = d.id AND p.listed AND p.expires_on >= ${BUSINESS_TODAY} ${inCategory}
      AND ${shopListed(sql`p.vendor_id`)}
    ORDER BY d.ends_at ASC, p.id
    LIMIT ${limit}`);
  return parseRows(productRow, result.rows);
}

const toDeals = (rows: ProductRow[]): Deal[] =>
  rows.flatMap((row) => {
    const product = toProductCard(row);
    return product.deal ? [{ ...product, deal: product.deal, endsAt: product.deal.endsAt }] : [];
  });

/** A category's running deals (its page's "On deal" shelf), soonest end first; none is started here. */
export async function categoryDeals(db: Db, category: string): Promise<Deal[]> {
  return toDeals(await activeDeals(db, CATEGORY_DEALS_SHOWN, category));
}

/**
 * Deals of the day, each a real discount (DEAL_DISCOUNT_PERCENT off, charged by the cart) with the moment it ends. When fewer than three are running, the most popular
 * offered products not yet on a deal start a new 15-day deal (under an advisory lock, so concurrent
 * requests do not start extra ones).
 */
export async function currentDeals(db: Db): Promise<Deal[]> {
  let rows = await activeDeals(db, DEALS_SHOWN);
  if (rows.length < DEALS_SHOWN) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('farmstall:deals'))`);
      const started = await tx.execute(sql`
        INSERT INTO deals (product_id, ends_at, discount_percent)
        SELECT p.id, now() + make_interval(secs => ${DEAL_SECONDS}), ${DEAL_DISCOUNT_PERCENT}
        FROM products p
        WHERE p.listed AND p.expires_on >= ${BUSINESS_TODAY} AND p.stock >= p.min_draws
          AND ${shopListed(sql`p.vendor_id`)}
          AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.product_id = p.id AND d.ends_at > now())
        ORDER BY p.popularity DESC, p.id
        LIMIT GREATEST(0, ${DEALS_SHOWN} - (
          SELECT count(*) FROM deals d JOIN products p2 ON p2.id = d.product_id
          WHERE d.ends_at > now() AND p2.listed AND p2.expires_on >= ${BUSINESS_TODAY}))`);
      if (started.rowCount) await notifyCatalogChanged(tx); // listings show the deal prices
    });
    rows = await activeDeals(db, DEALS_SHOWN);
  }
  return toDeals(rows);
}
