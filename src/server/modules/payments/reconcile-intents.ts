import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentIntents } from './tables.ts';

/** An open intent a reconciliation pass asks the provider about. */
export type IntentToCheck = {
  id: string;
  providerIntentId: string;
  createdAt: Date;
  /** Set when a newer payment of the account pushed it beyond the bound (intents.ts): cancel it unless paid. */
  expiredAt: Date | null;
};

/** A paid intent claimed by a pass is left to it this long; asked again by the next pass if still not settled. */
const PAID_CLAIM = sql`interval '10 seconds'`;

/**
 * Claims up to `limit` intents of this provider in one status whose next check is due at `now`, least recently
 * due first, and moves their next check to `nextCheck` (so a pass running beside this one, or the next one while
 * this one works, skips them: SKIP LOCKED, then the moved time). Reads only the partial index of that status.
 */
async function claimDue(
  db: Tx,
  status: 'succeeded' | 'requires_confirmation',
  { provider, now, createdBefore, limit }: { provider: string; now: Date; createdBefore: Date; limit: number },
  nextCheck: ReturnType<typeof sql>,
): Promise<IntentToCheck[]> {
  const due = db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, status),
        eq(paymentIntents.provider, provider),
        lte(paymentIntents.nextCheckAt, now),
        lte(paymentIntents.createdAt, createdBefore),
      ),
    )
    .orderBy(asc(paymentIntents.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(paymentIntents)
    .set({ nextCheckAt: nextCheck })
    // ARRAY(…) is evaluated once, before the update. As `id IN (…)` the planner may scan the locking subquery again
    // for each row, and its LockRows skips a row this statement already moved, so each scan takes the next ones: one
    // pass read 61 rows with a limit of 20.
    .where(and(sql`${paymentIntents.id} = any(array(${due}))`, eq(paymentIntents.status, status)))
    .returning({
      id: paymentIntents.id,
      providerIntentId: paymentIntents.providerIntentId,
      createdAt: paymentIntents.createdAt,
      expiredAt: paymentIntents.expiredAt,
    });
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The provider's intents known to be paid and not settled yet (status succeeded: the browser, the webhook, a pass or
 * an expiry heard so), created before `createdBefore`, at most `limit`, claimed for 10 s (every pass asks again until
 * they settle). Reads only payment_intents_paid_idx, so no number of unpaid intents can put one behind them.
 */
export function claimPaidIntents(db: Tx, provider: string, now: Date, createdBefore: Date, limit: number) {
  const next = sql`${now.toISOString()}::timestamptz + ${PAID_CLAIM}`;
  return claimDue(db, 'succeeded', { provider, now, createdBefore, limit }, next);
}

/**
 * The provider's unpaid intents (not known to be paid) created before `createdBefore` whose next check is due, least
 * recently due first, at most `limit` (payment_intents_unpaid_idx). Each is next due a quarter of its age later, at
 * least 10 s (so a young one is asked every 15 s pass) and at most a minute: an intent made after another is due
 * before the other's next check, and an intent never waits for more than those due before it, so none starves.
 */
export function claimUnpaidIntents(db: Tx, provider: string, now: Date, createdBefore: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const wait = sql`least(greatest((${at} - ${paymentIntents.createdAt}) / 4, interval '10 seconds'), interval '60 seconds')`;
  return claimDue(db, 'requires_confirmation', { provider, now, createdBefore, limit }, sql`${at} + ${wait}`);
}

/**
 * The provider answered that an intent is paid: from now on it must end as an order, a membership or a refund. It
 * is due at once in the paid walk (payment_intents_paid_idx). Only an intent not yet known to be paid changes.
 */
export async function markSeenPaid(db: Tx, id: string, now: Date) {
  await db
    .update(paymentIntents)
    .set({ status: 'succeeded', paidAt: now, nextCheckAt: now })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'requires_confirmation')));
}

/** An intent never paid and cancelled at its provider: it can no longer become anything. */
export async function markAbandoned(db: Tx, id: string, now: Date, reason: string) {
  await db
    .update(paymentIntents)
    .set({ status: 'cancelled', settledAt: now, lastError: reason })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'requires_confirmation')));
}
