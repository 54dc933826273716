import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  isPaid,
  markAbandoned,
  openIntentsOf,
  type PaymentProvider,
  type Settle,
  type SettleOutcome,
} from '../modules/payments/index.ts';

export type ReconcileOptions = {
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** Intents younger than this are left to their browser for now. */
  settleAfterMs?: number;
  /** An intent still unpaid after this long is cancelled at the provider (abandoned). */
  abandonAfterMs?: number;
  /** A paid checkout whose delivery details never came is refunded this long after it was seen paid. */
  refundWithoutDetailsAfterMs?: number;
  limit?: number;
};

export const RECONCILE_DEFAULTS = {
  settleAfterMs: 5_000,
  abandonAfterMs: 30 * 60_000,
  refundWithoutDetailsAfterMs: 2 * 60_000,
  limit: 200,
};

export type ReconcileReport = Record<SettleOutcome['kind'] | 'errors', number>;

/**
 * One reconciliation pass: every intent of this provider not yet settled is asked about at the provider and
 * settled through the one path (`settle`, payments' settle with checkout's orders): paid → its order, membership or full refund, without the
 * browser. One still unpaid after abandonAfterMs is cancelled at the provider, unless it got paid meanwhile.
 * Idempotent; several processes running it at once only repeat questions.
 */
export async function reconcilePayments(
  db: Db,
  { provider, settle }: { provider: PaymentProvider; settle: Settle },
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const { log, now = () => new Date() } = options;
  const settleAfterMs = options.settleAfterMs ?? RECONCILE_DEFAULTS.settleAfterMs;
  const abandonAfterMs = options.abandonAfterMs ?? RECONCILE_DEFAULTS.abandonAfterMs;
  const refundWithoutDetailsAfterMs =
    options.refundWithoutDetailsAfterMs ?? RECONCILE_DEFAULTS.refundWithoutDetailsAfterMs;
  const settledBefore = new Date(now().getTime() - settleAfterMs);
  const open = await openIntentsOf(db, provider.name, settledBefore, options.limit ?? RECONCILE_DEFAULTS.limit);

  const report: ReconcileReport = {
    order: 0,
    membership: 0,
    refunded: 0,
    unpaid: 0,
    cancelled: 0,
    waiting: 0,
    errors: 0,
  };
  for (const intent of open) {
    try {
      const settleOptions = { log, now, refundWithoutDetailsAfterMs };
      let outcome = await settle(intent.id, settleOptions);
      if (outcome.kind === 'unpaid' && now().getTime() - intent.createdAt.getTime() >= abandonAfterMs) {
        const after = await provider.cancelIntent(intent.providerIntentId);
        // Paid just before the cancel reached the provider: it is settled like any other paid intent.
        outcome = isPaid(after?.status) ? await settle(intent.id, settleOptions) : outcome;
        if (outcome.kind === 'unpaid') {
          await markAbandoned(db, intent.id, now(), 'Never paid: cancelled after 30 minutes');
          outcome = { kind: 'cancelled' };
        }
      }
      report[outcome.kind] += 1;
    } catch (error) {
      report.errors += 1;
      log?.error({ err: error, paymentIntentId: intent.id }, 'Reconciling a payment failed; the next pass retries');
    }
  }
  if (open.length > 0) log?.info({ report }, 'Payments reconciled');
  return report;
}
