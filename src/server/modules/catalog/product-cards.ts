import { eq, sql } from 'drizzle-orm';
import type { CardProduct } from '#contract/products.ts';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { shopListed } from '../shops/index.ts';
import { PRODUCT_COLUMNS, productRow, SHOP_CARD_JOIN, toProductCard } from './product-rows.ts';
import { products } from './tables.ts';

/** Whether the product of this id is on sale now (listed, its shop too): undefined when no product ever had the id. */
export async function productListed(db: Tx, id: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ listed: sql<boolean>`${products.listed} AND ${shopListed(sql`${products.vendorId}`)}` })
    .from(products)
    .where(eq(products.id, id));
  return row?.listed;
}

/** These products as cards (listed ones of listed shops only, in any stock or state), by id: one statement a page. */
export async function productCardsByIds(db: Tx, ids: readonly string[]): Promise<Map<string, CardProduct>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN}
    WHERE p.id IN (${sql.join(
      [...new Set(ids)].map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND p.listed AND ${shopListed(sql`p.vendor_id`)}`);
  return new Map(parseRows(productRow, result.rows).map((row) => [row.id, toProductCard(row)]));
}
