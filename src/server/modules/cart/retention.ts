import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartAddRequests } from './tables.ts';

/**
 * Deletes the ids of add-to-cart requests made more than `days` before `now` (retention, issue 34): they are kept only
 * so that a retried click adds nothing more, and no browser retries a click that old.
 */
export async function deleteOldCartAddRequests(db: Db, days: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 3600_000);
  const deleted = await db
    .delete(cartAddRequests)
    .where(lt(cartAddRequests.createdAt, before))
    .returning({ id: cartAddRequests.requestId });
  return deleted.length;
}
