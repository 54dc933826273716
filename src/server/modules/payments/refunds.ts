import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import { type AttemptOptions, attemptAtProvider, dueIds, lockPayment, paymentAtProvider } from './attempts.ts';
import type { PaymentProvider } from './provider.ts';
import { paymentIntents, type REFUND_REASONS, refunds } from './tables.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason = (typeof REFUND_REASONS)[number];

type RefundRequest = {
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
  const payment = await lockPayment(tx, input.paymentIntentId);
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
  if (existing) {
    if (existing.paymentIntentId !== input.paymentIntentId)
      throw conflict('This refund key belongs to another payment');
    return existing;
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw conflict('A refund must be a positive amount');
  }
  if (input.amountCents > (await paymentLeftCents(tx, payment.id))) {
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

/**
 * What a payment still holds, in the caller's transaction under its row's lock: its amount less its refunds (pending or
 * succeeded) and, for a season's payment (decision 070), what its deliveries' orders drew on it.
 */
export async function paymentLeftCents(tx: Tx, paymentIntentId: string): Promise<number> {
  const payment = await lockPayment(tx, paymentIntentId);
  const [{ drawn }] = await tx
    .select({ drawn: sql<number>`coalesce(sum(${paymentIntents.amountCents}), 0)::int` })
    .from(paymentIntents)
    .where(eq(paymentIntents.fundedBy, payment.id));
  const [{ given }] = await tx
    .select({ given: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentIntentId, payment.id), inArray(refunds.status, ['pending', 'succeeded'])));
  return payment.amountCents - drawn - given;
}

/** What a refund carries to the provider, so a store restored to before it can record it again (restore-reconcile). */
const refundMetadata = (refund: RefundRow): Record<string, string> => ({
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

/**
 * Pays out one pending refund through the provider (attemptAtProvider: claimed, keyed by the refund's idempotency key,
 * so a retry never refunds twice, backed off on failure, failed for a person after the last attempt). A payment only
 * authorized (weighed goods, never captured) is given back by releasing its hold. On success the refund is succeeded
 * and a payment being given back in full becomes refunded. Answers the refund as it is afterwards.
 */
export const processRefund = (db: Db, provider: PaymentProvider, refundId: string, options?: AttemptOptions) =>
  attemptAtProvider(db, refundId, options, {
    table: refunds,
    logAs: {
      idField: 'refundId',
      what: 'Refund',
      gaveUp: 'a person must give this money back',
      gaveUpFields: (refund) => ({ paymentIntentId: refund.paymentIntentId }),
    },
    call: async (refund) => {
      const payment = await paymentAtProvider(db, provider, refund.paymentIntentId);
      const providerRefundId = payment.uncaptured
        ? await releaseHold(provider, payment.providerIntentId)
        : (
            await provider.refund(payment.providerIntentId, {
              amountCents: refund.amountCents,
              idempotencyKey: refund.idempotencyKey,
              metadata: refundMetadata(refund),
            })
          ).refundId;
      return { providerRefundId };
    },
    record: (refund, { providerRefundId = null }, attempt) =>
      db.transaction((tx) => markRefundMade(tx, refund, providerRefundId, attempt)),
  });

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
export const dueRefundIds = (db: Tx, limit: number, now = new Date()) => dueIds(db, refunds, limit, now);
