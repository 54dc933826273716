import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { captures, paymentIntents } from './tables.ts';

/** A refund or capture the provider keeps refusing is tried this many times, then marked failed for a person. */
export const MAX_REFUND_ATTEMPTS = 8;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** While one process calls the provider for a refund or capture, others leave it alone this long (then a crash is retried). */
export const CLAIM_MS = 30_000;

/** Wait before attempt n + 1 after n failed attempts: 5 s, 10 s, 20 s, … up to an hour. */
export function refundRetryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_MS);
}

/** A refund's or capture's columns after its `attempts`-th attempt failed: pending with a later try, or failed. */
export function failedAttempt(error: unknown, attempts: number, now: Date) {
  const failed = attempts >= MAX_REFUND_ATTEMPTS;
  return {
    failed,
    columns: {
      status: failed ? ('failed' as const) : ('pending' as const),
      attempts,
      lastError: error instanceof Error ? error.message : String(error),
      nextAttemptAt: new Date(now.getTime() + refundRetryDelayMs(attempts)),
    },
  };
}

/**
 * The provider's id of a payment, and whether it is only authorized (manual capture, not captured); throws when the
 * payment was made with another provider than the server's now.
 */
export async function paymentAtProvider(db: Tx, provider: PaymentProvider, paymentIntentId: string) {
  const [payment] = await db
    .select({
      providerIntentId: paymentIntents.providerIntentId,
      provider: paymentIntents.provider,
      uncaptured: sql<boolean>`${paymentIntents.captureMethod} = 'manual' AND ${captures.id} IS NULL`,
    })
    .from(paymentIntents)
    .leftJoin(captures, eq(captures.paymentIntentId, paymentIntents.id))
    .where(eq(paymentIntents.id, paymentIntentId));
  if (payment.provider !== provider.name) {
    throw new Error(`This payment was made with ${payment.provider}, the server now uses ${provider.name}`);
  }
  return payment;
}
