import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { shopCardsRelation, shopListed, shopOf } from '../shops/index.ts';
import { activeAccountsByIds } from '../users/index.ts';
import { products } from './tables.ts';

export type SitemapPage = { id: string; updatedAt: Date | null };

/**
 * What search engines are told to visit: listed, unexpired products (in stock or not), and active vendors' shops, none
 * of a shop waiting for review.
 */
export async function sitemapPages(db: Tx): Promise<{ products: SitemapPage[]; shops: SitemapPage[] }> {
  const [listed, shopRows] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(
        and(eq(products.listed, true), gte(products.expiresOn, BUSINESS_TODAY), shopListed(sql`${products.vendorId}`)),
      )
      .orderBy(asc(products.id)),
    db.execute(
      sql`SELECT shop.vendor_id FROM ${shopCardsRelation()} shop WHERE ${shopListed(sql`shop.vendor_id`)} ORDER BY shop.vendor_id`,
    ),
  ]);
  const vendorIds = (shopRows.rows as { vendor_id: string }[]).map((row) => row.vendor_id);
  const active = await activeAccountsByIds(db, vendorIds);
  return {
    products: listed,
    shops: vendorIds.filter((id) => active.has(id)).map((id) => ({ id, updatedAt: null })),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a product page shows a product: a listed, unexpired product of a listed shop of this id (any text that is no id: no). */
export async function isOfferedProduct(db: Tx, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.id, id),
        eq(products.listed, true),
        gte(products.expiresOn, BUSINESS_TODAY),
        shopListed(sql`${products.vendorId}`),
      ),
    );
  return row !== undefined;
}

/** Whether a shop page shows a shop: the listed shop (not waiting for review) of an active vendor of this id. */
export async function isOpenShop(db: Tx, vendorId: string): Promise<boolean> {
  const shop = UUID.test(vendorId) ? await shopOf(db, vendorId) : undefined;
  if (shop?.approval !== 'approved') return false;
  return (await activeAccountsByIds(db, [vendorId])).has(vendorId);
}
