import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentIntents } from './tables.ts';

/** The provider's intents not settled yet (unpaid or paid), created before `before`, oldest first. */
export function openIntentsOf(db: Tx, provider: string, before: Date, limit: number) {
  return db
    .select({
      id: paymentIntents.id,
      providerIntentId: paymentIntents.providerIntentId,
      createdAt: paymentIntents.createdAt,
    })
    .from(paymentIntents)
    .where(
      and(
        inArray(paymentIntents.status, ['requires_confirmation', 'succeeded']),
        eq(paymentIntents.provider, provider),
        lte(paymentIntents.createdAt, before),
      ),
    )
    .orderBy(asc(paymentIntents.createdAt))
    .limit(limit);
}

/** An intent never paid and cancelled at its provider: it can no longer become anything. */
export async function markAbandoned(db: Tx, id: string, now: Date, reason: string) {
  await db
    .update(paymentIntents)
    .set({ status: 'cancelled', settledAt: now, lastError: reason })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'requires_confirmation')));
}
