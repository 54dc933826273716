import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { shopCardsRelation, shopOf } from '../shops/index.ts';
import { activeAccountsByIds } from '../users/index.ts';
import { products } from './tables.ts';

export type SitemapPage = { id: string; updatedAt: Date | null };

/** What search engines are told to visit: listed, unexpired products (in stock or not), and active vendors' shops. */
export async function sitemapPages(db: Tx): Promise<{ products: SitemapPage[]; shops: SitemapPage[] }> {
  const [listed, shopRows] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.listed, true), gte(products.expiresOn, BUSINESS_TODAY)))
      .orderBy(asc(products.id)),
    db.execute(sql`SELECT shop.vendor_id FROM ${shopCardsRelation()} shop ORDER BY shop.vendor_id`),
  ]);
  const vendorIds = (shopRows.rows as { vendor_id: string }[]).map((row) => row.vendor_id);
  const active = await activeAccountsByIds(db, vendorIds);
  return {
    products: listed,
    shops: vendorIds.filter((id) => active.has(id)).map((id) => ({ id, updatedAt: null })),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a product page shows a product: a listed, unexpired product of this id (any text that is no id: no). */
export async function isOfferedProduct(db: Tx, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.listed, true), gte(products.expiresOn, BUSINESS_TODAY)));
  return row !== undefined;
}

/** Whether a shop page shows a shop: the shop of an active vendor of this id. */
export async function isOpenShop(db: Tx, vendorId: string): Promise<boolean> {
  if (!UUID.test(vendorId) || !(await shopOf(db, vendorId))) return false;
  return (await activeAccountsByIds(db, [vendorId])).has(vendorId);
}
