import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { MAX_FAVOURITES } from '#contract/favourites.ts';
import type { Shop } from '#contract/shops.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isShopListed, type ProductCounts, shopListed, shopOf, shopsOfVendors } from '../shops/index.ts';
import { saveWithinLimit } from './limit.ts';
import { favouriteShops } from './tables.ts';

/** Saves a shop to the user's favourites; saving it again changes nothing. At most MAX_FAVOURITES. */
export async function saveFavouriteShop(db: Db, userId: string, vendorId: string) {
  await db.transaction(async (tx) => {
    // A shop waiting for the admin's approval or turned down is not found, as on its page.
    if (!(await shopOf(tx, vendorId)) || !(await isShopListed(tx, vendorId))) throw notFound('Shop');
    await saveWithinLimit(tx, 'shops', favouriteShops, userId, () =>
      tx
        .insert(favouriteShops)
        .values({ userId, vendorId })
        .onConflictDoNothing()
        .returning({ vendorId: favouriteShops.vendorId }),
    );
  });
  return { id: vendorId, favourite: true };
}

/** Takes a shop out of the user's favourites (404 only for an id that names no shop). */
export async function forgetFavouriteShop(db: Db, userId: string, vendorId: string) {
  if (!(await shopOf(db, vendorId))) throw notFound('Shop');
  await db.delete(favouriteShops).where(and(eq(favouriteShops.userId, userId), eq(favouriteShops.vendorId, vendorId)));
  return { id: vendorId, favourite: false };
}

/**
 * The user's favourite shops of enabled vendors that are listed (not waiting for the admin's approval, not turned
 * down), the latest saved first, with their owners and product counts (every favourite names a shop: its row goes
 * with the shop).
 */
export async function favouriteShopsOf(db: Tx, userId: string, productCounts: ProductCounts): Promise<Shop[]> {
  const saved = await db
    .select({ vendorId: favouriteShops.vendorId })
    .from(favouriteShops)
    .where(and(eq(favouriteShops.userId, userId), shopListed(sql`${favouriteShops.vendorId}`)))
    .orderBy(desc(favouriteShops.createdAt), asc(favouriteShops.vendorId))
    .limit(MAX_FAVOURITES);
  return shopsOfVendors(
    db,
    saved.map((row) => row.vendorId),
    productCounts,
  );
}
