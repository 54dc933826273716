import { and, asc, desc, eq } from 'drizzle-orm';
import { MAX_FAVOURITES } from '#contract/favourites.ts';
import type { CardProduct } from '#contract/products.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { saveWithinLimit } from './limit.ts';
import { favouriteProducts } from './tables.ts';

/** The catalog's answers the favourites need, wired by app.ts (the catalog calls favourites, not the reverse). */
export type CatalogReads = {
  /** Whether the product is listed now; undefined when no product ever had the id. */
  productListed: (db: Tx, id: string) => Promise<boolean | undefined>;
  /** Listed products as cards, by id. */
  productCardsByIds: (db: Tx, ids: readonly string[]) => Promise<Map<string, CardProduct>>;
};

/** Saves a listed product to the user's favourites; saving it again changes nothing. At most MAX_FAVOURITES. */
export async function saveFavouriteProduct(db: Db, catalog: CatalogReads, userId: string, productId: string) {
  await db.transaction(async (tx) => {
    if ((await catalog.productListed(tx, productId)) !== true) throw notFound('Product');
    await saveWithinLimit(tx, 'products', favouriteProducts, userId, () =>
      tx
        .insert(favouriteProducts)
        .values({ userId, productId })
        .onConflictDoNothing()
        .returning({ productId: favouriteProducts.productId }),
    );
  });
  return { id: productId, favourite: true };
}

/** Takes a product out of the user's favourites (404 only for an id that names no product at all). */
export async function forgetFavouriteProduct(db: Db, catalog: CatalogReads, userId: string, productId: string) {
  if ((await catalog.productListed(db, productId)) === undefined) throw notFound('Product');
  await db
    .delete(favouriteProducts)
    .where(and(eq(favouriteProducts.userId, userId), eq(favouriteProducts.productId, productId)));
  return { id: productId, favourite: false };
}

/** The user's favourite products still listed, the latest saved first, with their shops. */
export async function favouriteProductsOf(db: Tx, catalog: CatalogReads, userId: string): Promise<CardProduct[]> {
  const saved = await db
    .select({ productId: favouriteProducts.productId })
    .from(favouriteProducts)
    .where(eq(favouriteProducts.userId, userId))
    .orderBy(desc(favouriteProducts.createdAt), asc(favouriteProducts.productId));
  const cards = await catalog.productCardsByIds(
    db,
    saved.map((row) => row.productId),
  );
  return saved.flatMap((row) => cards.get(row.productId) ?? []).slice(0, MAX_FAVOURITES);
}
