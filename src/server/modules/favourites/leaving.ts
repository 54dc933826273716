import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { personsRows } from '../../db/persons-rows.ts';
import { favouriteProducts, favouriteShops } from './tables.ts';

/** The person's saved products and shops, for the export. */
export async function favouritesForExport(db: Tx, userId: string) {
  const product = { productId: favouriteProducts.productId, savedAt: favouriteProducts.createdAt };
  const shop = { shopId: favouriteShops.vendorId, savedAt: favouriteShops.createdAt };
  const products = await personsRows(
    db.select(product).from(favouriteProducts).$dynamic(),
    favouriteProducts,
    userId,
    desc,
  );
  const shops = await personsRows(db.select(shop).from(favouriteShops).$dynamic(), favouriteShops, userId, desc);
  return { products, shops };
}

/** An account leaving: its favourites are deleted; a vendor's shop also leaves its fans' lists (it is closed). */
export async function eraseFavourites(tx: Tx, userId: string): Promise<void> {
  await tx.delete(favouriteProducts).where(eq(favouriteProducts.userId, userId));
  await tx.delete(favouriteShops).where(eq(favouriteShops.userId, userId));
  await tx.delete(favouriteShops).where(eq(favouriteShops.vendorId, userId));
}
