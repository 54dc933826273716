import { eq, sql } from 'drizzle-orm';
import type { Product } from '#contract/products.ts';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { PRODUCT_COLUMNS, productRow, SHOP_CARD_JOIN, toProduct } from './product-rows.ts';
import { products } from './tables.ts';

/** Whether the product of this id is listed now: undefined when no product ever had the id. */
export async function productListed(db: Tx, id: string): Promise<boolean | undefined> {
  const [row] = await db.select({ listed: products.listed }).from(products).where(eq(products.id, id));
  return row?.listed;
}

/** These products as cards (listed ones only, in any stock or state), by id: one statement for a page. */
export async function productCardsByIds(db: Tx, ids: readonly string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN}
    WHERE p.id IN (${sql.join(
      [...new Set(ids)].map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND p.listed`);
  return new Map(parseRows(productRow, result.rows).map((row) => [row.id, toProduct(row)]));
}
