import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { MAX_FAVOURITES } from '#contract/favourites.ts';
import type { Shop } from '#contract/shops.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { shopOf } from './profiles.ts';
import { type ProductCounts, withOwners } from './service.ts';
import { favouriteShops, shops } from './tables.ts';

/** Saves a shop to the user's favourites; saving it again changes nothing. At most MAX_FAVOURITES (see products). */
export async function saveFavouriteShop(db: Db, userId: string, vendorId: string) {
  await db.transaction(async (tx) => {
    if (!(await shopOf(tx, vendorId))) throw notFound('Shop');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('farmstall:favourite-shops:' || ${userId}))`);
    const [{ n }] = await tx.select({ n: count() }).from(favouriteShops).where(eq(favouriteShops.userId, userId));
    const inserted = await tx
      .insert(favouriteShops)
      .values({ userId, vendorId })
      .onConflictDoNothing()
      .returning({ vendorId: favouriteShops.vendorId });
    if (inserted.length > 0 && n >= MAX_FAVOURITES) {
      throw conflict(`You can keep at most ${MAX_FAVOURITES} favourite shops: remove some first`);
    }
  });
  return { id: vendorId, favourite: true };
}

/** Takes a shop out of the user's favourites (404 only for an id that names no shop). */
export async function forgetFavouriteShop(db: Db, userId: string, vendorId: string) {
  if (!(await shopOf(db, vendorId))) throw notFound('Shop');
  await db.delete(favouriteShops).where(and(eq(favouriteShops.userId, userId), eq(favouriteShops.vendorId, vendorId)));
  return { id: vendorId, favourite: false };
}

/** The user's favourite shops of enabled vendors, the latest saved first, with their owners and product counts. */
export async function favouriteShopsOf(db: Tx, userId: string, productCounts: ProductCounts): Promise<Shop[]> {
  const rows = await db
    .select(getTableColumns(shops))
    .from(favouriteShops)
    .innerJoin(shops, eq(shops.vendorId, favouriteShops.vendorId))
    .where(eq(favouriteShops.userId, userId))
    .orderBy(desc(favouriteShops.createdAt), shops.vendorId)
    .limit(MAX_FAVOURITES);
  return withOwners(db, rows, productCounts);
}
