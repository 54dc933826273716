import { count, eq, sql } from 'drizzle-orm';
import { MAX_FAVOURITES } from '#contract/favourites.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import type { favouriteProducts, favouriteShops } from './tables.ts';

/**
 * Saves a favourite with `insert` (an insert that does nothing when it is saved already, answering the rows it added)
 * and refuses it (409; the caller's transaction is rolled back) when it adds one beyond MAX_FAVOURITES of the `kind`.
 * A lock per user and kind makes two saves that could both pass the limit wait in turn.
 */
export async function saveWithinLimit(
  tx: Tx,
  kind: 'products' | 'shops',
  table: typeof favouriteProducts | typeof favouriteShops,
  userId: string,
  insert: () => Promise<unknown[]>,
): Promise<void> {
  const lockName = sql.raw(`'farmstall:favourite-${kind}:'`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${lockName} || ${userId}))`);
  const [{ n }] = await tx.select({ n: count() }).from(table).where(eq(table.userId, userId));
  const inserted = await insert();
  if (inserted.length > 0 && n >= MAX_FAVOURITES) {
    throw conflict(`You can keep at most ${MAX_FAVOURITES} favourite ${kind}: remove some first`);
  }
}
