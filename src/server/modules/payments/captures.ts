import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type AttemptOptions, attemptAtProvider, dueIds, lockPayment, paymentAtProvider } from './attempts.ts';
import type { PaymentProvider } from './provider.ts';
import { captures, paymentIntents } from './tables.ts';

type CaptureRow = typeof captures.$inferSelect;

/** The one capture of a payment: asking twice with the same payment records it once. */
const captureKey = (paymentIntentId: string) => `capture:${paymentIntentId}`;

/**
 * True while the payment is only authorized (weighed goods) and its capture is not decided yet: cancelling goods
 * then refunds nothing, it lowers what will be captured.
 */
export async function awaitingCapture(tx: Tx, paymentIntentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ captureMethod: paymentIntents.captureMethod, captureId: captures.id })
    .from(paymentIntents)
    .leftJoin(captures, eq(captures.paymentIntentId, paymentIntents.id))
    .where(eq(paymentIntents.id, paymentIntentId));
  return row?.captureMethod === 'manual' && row.captureId === null;
}

/**
 * Records, in the caller's transaction, what an authorized payment will be charged: `wantedCents` capped at the
 * authorized amount (what is over is recorded as not charged); 0 cancels the authorization. processCapture (right
 * after commit, or the retry job) then makes it with the provider. One per payment: a second call answers the first.
 */
export async function requestCapture(
  tx: Tx,
  input: { paymentIntentId: string; orderId: string; wantedCents: number },
): Promise<CaptureRow> {
  const payment = await lockPayment(tx, input.paymentIntentId);
  const [existing] = await tx.select().from(captures).where(eq(captures.paymentIntentId, payment.id));
  if (existing) return existing;
  const amountCents = Math.min(Math.max(0, input.wantedCents), payment.amountCents);
  const [row] = await tx
    .insert(captures)
    .values({
      paymentIntentId: payment.id,
      orderId: input.orderId,
      amountCents,
      notChargedCents: Math.max(0, input.wantedCents - amountCents),
      idempotencyKey: captureKey(payment.id),
    })
    .returning();
  return row;
}

/**
 * Makes one pending capture with the provider (attemptAtProvider: claimed, keyed by the capture's idempotency key,
 * so a retry never captures twice, backed off on failure); 0 cents cancels the authorization instead.
 */
export const processCapture = (db: Db, provider: PaymentProvider, captureId: string, options?: AttemptOptions) =>
  attemptAtProvider(db, captureId, options, {
    table: captures,
    logAs: { idField: 'captureId', what: 'Capture', gaveUp: 'a person must charge this' },
    call: async (capture) => {
      const payment = await paymentAtProvider(db, provider, capture.paymentIntentId);
      const after =
        capture.amountCents === 0
          ? await provider.cancelIntent(payment.providerIntentId)
          : await provider.capture(payment.providerIntentId, {
              amountCents: capture.amountCents,
              idempotencyKey: capture.idempotencyKey,
            });
      const wanted = capture.amountCents === 0 ? 'canceled' : 'succeeded';
      if (after?.status !== wanted) throw new Error(`The payment is ${after?.status ?? 'gone'}, not ${wanted}`);
      return {};
    },
  });

/** Pending captures whose next attempt is due, oldest first. */
export const dueCaptureIds = (db: Tx, limit: number, now = new Date()) => dueIds(db, captures, limit, now);

/** The authorized amount and capture of these payments (by provider intent id) that were only authorized. */
export async function authorizationsOf(db: Tx, providerIntentIds: string[]) {
  if (providerIntentIds.length === 0) return [];
  return db
    .select({
      provider: paymentIntents.provider,
      providerIntentId: paymentIntents.providerIntentId,
      authorizedCents: paymentIntents.amountCents,
      capturedCents: captures.amountCents,
      notChargedCents: captures.notChargedCents,
      captureStatus: captures.status,
    })
    .from(paymentIntents)
    .leftJoin(captures, eq(captures.paymentIntentId, paymentIntents.id))
    .where(
      and(eq(paymentIntents.captureMethod, 'manual'), inArray(paymentIntents.providerIntentId, providerIntentIds)),
    );
}

const SETTLE_WITHIN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Payments only authorized (weighed goods) since before `before` whose capture is still undecided: their card hold
 * is about to lapse. Answers them by provider and provider intent id, as orders record their payment.
 */
export async function holdsUndecidedSince(db: Tx, before: Date, limit: number) {
  return db
    .select({ provider: paymentIntents.provider, providerIntentId: paymentIntents.providerIntentId })
    .from(paymentIntents)
    .leftJoin(captures, eq(captures.paymentIntentId, paymentIntents.id))
    .where(
      and(
        eq(paymentIntents.captureMethod, 'manual'),
        isNull(captures.id),
        lte(paymentIntents.createdAt, before),
        // Bounded (index payment_intents_manual_idx): a hold is settled within hours of `before`, not weeks later.
        gte(paymentIntents.createdAt, new Date(before.getTime() - SETTLE_WITHIN_MS)),
        inArray(paymentIntents.status, ['succeeded', 'settled']),
      ),
    )
    .orderBy(paymentIntents.createdAt)
    .limit(limit);
}
