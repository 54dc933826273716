import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_FAVOURITES } from '#contract/favourites.ts';
import type { Product } from '#contract/products.ts';
import type { Db, Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../errors.ts';
import { PRODUCT_COLUMNS, productRow, SHOP_CARD_JOIN, toProduct } from './product-rows.ts';
import { favouriteProducts, products } from './tables.ts';

/** Whether a product of this id was ever listed (a favourite of one no longer listed can still be removed). */
async function productExists(db: Tx, id: string, options: { listed?: boolean } = {}) {
  const [row] = await db.select({ listed: products.listed }).from(products).where(eq(products.id, id));
  return row !== undefined && (!options.listed || row.listed);
}

/**
 * Saves a listed product to the user's favourites; saving it again changes nothing. At most MAX_FAVOURITES: a lock
 * per user makes two saves that could both pass the limit wait in turn.
 */
export async function saveFavouriteProduct(db: Db, userId: string, productId: string) {
  await db.transaction(async (tx) => {
    if (!(await productExists(tx, productId, { listed: true }))) throw notFound('Product');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('farmstall:favourite-products:' || ${userId}))`);
    const [{ n }] = await tx.select({ n: count() }).from(favouriteProducts).where(eq(favouriteProducts.userId, userId));
    const inserted = await tx
      .insert(favouriteProducts)
      .values({ userId, productId })
      .onConflictDoNothing()
      .returning({ productId: favouriteProducts.productId });
    if (inserted.length > 0 && n >= MAX_FAVOURITES) {
      throw conflict(`You can keep at most ${MAX_FAVOURITES} favourite products: remove some first`);
    }
  });
  return { id: productId, favourite: true };
}

/** Takes a product out of the user's favourites (404 only for an id that names no product at all). */
export async function forgetFavouriteProduct(db: Db, userId: string, productId: string) {
  if (!(await productExists(db, productId))) throw notFound('Product');
  await db
    .delete(favouriteProducts)
    .where(and(eq(favouriteProducts.userId, userId), eq(favouriteProducts.productId, productId)));
  return { id: productId, favourite: false };
}

/** The user's favourite products still listed, the latest saved first, with their shops: one statement. */
export async function favouriteProductsOf(db: Tx, userId: string): Promise<Product[]> {
  const result = await db.execute(sql`
    SELECT ${PRODUCT_COLUMNS} FROM favourite_products f JOIN products p ON p.id = f.product_id ${SHOP_CARD_JOIN}
    WHERE f.user_id = ${userId}::uuid AND p.listed
    ORDER BY f.created_at DESC, p.id LIMIT ${MAX_FAVOURITES}`);
  return parseRows(productRow, result.rows).map(toProduct);
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
