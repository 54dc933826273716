import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { shopCardsRelation } from '../shops/index.ts';
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
