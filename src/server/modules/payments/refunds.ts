import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { CLAIM_MS, failedAttempt, paymentAtProvider } from './attempts.ts';
import type { PaymentProvider } from './provider.ts';
import { paymentIntents, type REFUND_REASONS, refunds } from './tables.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason = (typeof REFUND_REASONS)[number];

export type RefundRequest = {
  /** Our payment_intents row id. */
  paymentIntentId: string;
  orderId?: string | null;
  amountCents: number;
  reason: RefundReason;
  /** The same key always means the same refund: asking twice records it once. */
  idempotencyKey: string;
};

/**
 * Records a pending refund in the caller's transaction, so the decision to give money back commits with the
 * state change that caused it; processRefund (right after commit, or the retry job) then pays it out.
 * Idempotent by key, and never lets the payment's refunds (pending or succeeded) exceed its amount.
 */
export async function requestRefund(tx: Tx, input: RefundRequest): Promise<RefundRow> {
  // The payment's row lock serialises its refunds, so the sum below cannot be raced.
  const [payment] = await tx
    .select({ id: paymentIntents.id, amountCents: paymentIntents.amountCents })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, input.paymentIntentId))
    .for('update');
  if (!payment) throw notFound('Payment');
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
  if (existing) {
    if (existing.paymentIntentId !== input.paymentIntentId)
      throw conflict('This refund key belongs to another payment');
    return existing;
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw conflict('A refund must be a positive amount');
  }
  const [{ given }] = await tx
    .select({ given: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentIntentId, payment.id), inArray(refunds.status, ['pending', 'succeeded'])));
  if (given + input.amountCents > payment.amountCents) {
    throw conflict('The refund is larger than what is left of the payment');
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentIntentId: payment.id,
      orderId: input.orderId ?? null,
      amountCents: input.amountCents,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
    })
    .returning();
  return row;
}

/** What a refund carries to the provider, so a store restored to before it can record it again (restore-reconcile). */
export const refundMetadata = (refund: RefundRow): Record<string, string> => ({
  refundKey: refund.idempotencyKey,
  reason: refund.reason,
  ...(refund.orderId ? { orderId: refund.orderId } : {}),
});

/** Cancels an authorized payment, so nothing is charged; answers no provider refund id. */
async function releaseHold(provider: PaymentProvider, providerIntentId: string): Promise<null> {
  const after = await provider.cancelIntent(providerIntentId);
  if (after?.status !== 'canceled') throw new Error(`The payment is ${after?.status ?? 'gone'}, not cancelled`);
  return null;
}

export type ProcessRefundOptions = { log?: FastifyBaseLogger; now?: () => Date };

/**
 * Pays out one pending refund through the provider, with the refund's idempotency key, so a retry (after a
 * failure, a crash or by another process) never refunds twice. No transaction is held while the provider
 * answers: the refund is claimed first (its next attempt pushed CLAIM_MS ahead, so other processes skip it).
 * On success the refund is succeeded (and a payment being given back in full becomes refunded); on failure
 * it stays pending with the error, one more attempt and a later next_attempt_at (exponential backoff), until
 * MAX_REFUND_ATTEMPTS, then it is failed and logged for a person. Answers the refund as it is afterwards.
 */
export async function processRefund(
  db: Db,
  provider: PaymentProvider,
  refundId: string,
  { log, now = () => new Date() }: ProcessRefundOptions = {},
): Promise<RefundRow | null> {
  const [refund] = await db
    .update(refunds)
    .set({ nextAttemptAt: new Date(now().getTime() + CLAIM_MS) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now())))
    .returning();
  if (!refund) {
    const [current] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    return current ?? null;
  }
  const stillPending = and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'));
  const attempts = refund.attempts + 1;
  try {
    const payment = await paymentAtProvider(db, provider, refund.paymentIntentId);
    // Only authorized (weighed goods, never captured): giving it all back is releasing the hold.
    const providerRefundId = payment.uncaptured
      ? await releaseHold(provider, payment.providerIntentId)
      : (
          await provider.refund(payment.providerIntentId, {
            amountCents: refund.amountCents,
            idempotencyKey: refund.idempotencyKey,
            metadata: refundMetadata(refund),
          })
        ).refundId;
    return await db.transaction((tx) => markRefundMade(tx, refund, providerRefundId, { attempts, now: now() }));
  } catch (error) {
    const { failed, columns } = failedAttempt(error, attempts, now());
    const { lastError } = columns;
    const [after] = await db.update(refunds).set(columns).where(stillPending).returning();
    if (failed) {
      log?.error(
        { refundId: refund.id, paymentIntentId: refund.paymentIntentId, attempts, lastError },
        'Refund failed for good: a person must give this money back',
      );
    } else {
      log?.warn({ refundId: refund.id, attempts, lastError }, 'Refund failed, will retry');
    }
    return after ?? null;
  }
}

/**
 * Records that the provider gave a pending refund back (its id there), in the caller's transaction; a payment being
 * given back in full becomes refunded. Answers the refund, or null when it was no longer pending.
 */
export async function markRefundMade(
  tx: Tx,
  refund: Pick<RefundRow, 'id' | 'paymentIntentId'>,
  providerRefundId: string | null,
  { attempts, now }: { attempts?: number; now: Date },
): Promise<RefundRow | null> {
  const [done] = await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, attempts, lastError: null, succeededAt: now })
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ['pending', 'failed'])))
    .returning();
  await tx
    .update(paymentIntents)
    .set({ status: 'refunded' })
    .where(and(eq(paymentIntents.id, refund.paymentIntentId), eq(paymentIntents.status, 'refunding')));
  return done ?? null;
}

/** Pending refunds whose next attempt is due, oldest first. */
export async function dueRefundIds(db: Tx, limit: number, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)))
    .orderBy(refunds.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Refunds of one payment, oldest first. */
export function refundsOf(db: Tx, paymentIntentId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId)).orderBy(refunds.createdAt);
}
