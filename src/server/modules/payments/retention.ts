import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captures, paymentIntents, refunds, transfers } from './tables.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Deletes the payment intents of abandoned checkouts and membership payments (retention, issue 34): never paid,
 * cancelled, made more than `days` before `now`, and with no capture, refund or transfer referring to them. A paid
 * intent is the ledger's and stays forever. Returns how many were deleted.
 */
export async function deleteAbandonedIntents(db: Db, days: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const refersTo = (table: typeof captures | typeof refunds | typeof transfers) =>
    notExists(db.select({ one: sql`1` }).from(table).where(eq(table.paymentIntentId, paymentIntents.id)));
  const deleted = await db
    .delete(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'cancelled'),
        isNull(paymentIntents.paidAt),
        lt(paymentIntents.createdAt, before),
        refersTo(captures),
        refersTo(refunds),
        refersTo(transfers),
      ),
    )
    .returning({ id: paymentIntents.id });
  return deleted.length;
}
