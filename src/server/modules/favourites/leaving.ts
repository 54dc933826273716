import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { favouriteProducts, favouriteShops } from './tables.ts';

/** The person's saved products and shops, for the export. */
export async function favouritesForExport(db: Tx, userId: string) {
  const products = await db
    .select({ productId: favouriteProducts.productId, savedAt: favouriteProducts.createdAt })
    .from(favouriteProducts)
    .where(eq(favouriteProducts.userId, userId))
    .orderBy(desc(favouriteProducts.createdAt));
  const shops = await db
    .select({ shopId: favouriteShops.vendorId, savedAt: favouriteShops.createdAt })
    .from(favouriteShops)
    .where(eq(favouriteShops.userId, userId))
    .orderBy(desc(favouriteShops.createdAt));
  return { products, shops };
}

/** An account leaving: its favourites are deleted; a vendor's shop also leaves its fans' lists (it is closed). */
export async function eraseFavourites(tx: Tx, userId: string): Promise<void> {
  await tx.delete(favouriteProducts).where(eq(favouriteProducts.userId, userId));
  await tx.delete(favouriteShops).where(eq(favouriteShops.userId, userId));
  await tx.delete(favouriteShops).where(eq(favouriteShops.vendorId, userId));
}
