import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  claimPaidIntents,
  claimUnpaidIntents,
  EXPIRED_REASON,
  type IntentToCheck,
  isPaid,
  markAbandoned,
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
  /** The most intents one pass asks the provider about in each walk: the paid ones, then the unpaid ones. */
  limit?: number;
};

export const RECONCILE_DEFAULTS = {
  settleAfterMs: 5_000,
  abandonAfterMs: 30 * 60_000,
  refundWithoutDetailsAfterMs: 2 * 60_000,
  limit: 200,
};

export type ReconcileReport = Record<SettleOutcome['kind'] | 'errors', number> & {
  /** How many intents each walk read (each at most the pass's limit). */
  read: { paid: number; unpaid: number };
};

/**
 * One reconciliation pass (decision 055). Two walks, each at most `limit` intents of this provider, each read by its
 * own partial index: first the intents known to be paid and not settled (status succeeded), then the unpaid ones
 * whose next check is due, least recently due first. Each is settled through the one path (`settle`, payments'
 * settle with checkout's orders), which asks the provider: paid → its order, membership or full refund, without the
 * browser. An unpaid one still unpaid after abandonAfterMs, or expired by a newer payment of its account (the bound
 * per account, payments/intents.ts), is cancelled at the provider, unless it got paid meanwhile. The walk moves each
 * unpaid intent's next check a quarter of its age on (10 s to 1 min), so a new one comes before the old ones' next
 * turn and none waits behind more than those due before it. Idempotent; several processes running it at once skip
 * each other's claimed rows and otherwise only repeat questions.
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
  const limit = options.limit ?? RECONCILE_DEFAULTS.limit;
  const settleOptions = { log, now, refundWithoutDetailsAfterMs };

  const report: ReconcileReport = {
    order: 0,
    membership: 0,
    refunded: 0,
    unpaid: 0,
    cancelled: 0,
    waiting: 0,
    errors: 0,
    read: { paid: 0, unpaid: 0 },
  };
  const reconcile = async (intent: IntentToCheck) => {
    try {
      let outcome = await settle(intent.id, settleOptions);
      const abandoned = now().getTime() - intent.createdAt.getTime() >= abandonAfterMs;
      if (outcome.kind === 'unpaid' && (abandoned || intent.expiredAt)) {
        const after = await provider.cancelIntent(intent.providerIntentId);
        // Paid just before the cancel reached the provider: it is settled like any other paid intent.
        outcome = isPaid(after?.status) ? await settle(intent.id, settleOptions) : outcome;
        if (outcome.kind === 'unpaid' && (!after || after.status === 'canceled')) {
          const reason = abandoned ? 'Never paid: cancelled after 30 minutes' : EXPIRED_REASON;
          await markAbandoned(db, intent.id, now(), reason);
          outcome = { kind: 'cancelled' };
        }
      }
      report[outcome.kind] += 1;
    } catch (error) {
      report.errors += 1;
      log?.error({ err: error, paymentIntentId: intent.id }, 'Reconciling a payment failed; the next pass retries');
    }
  };

  const settledBefore = new Date(now().getTime() - settleAfterMs);
  const paid = await claimPaidIntents(db, provider.name, now(), settledBefore, limit);
  report.read.paid = paid.length;
  for (const intent of paid) await reconcile(intent);
  const unpaid = await claimUnpaidIntents(db, provider.name, now(), settledBefore, limit);
  report.read.unpaid = unpaid.length;
  for (const intent of unpaid) await reconcile(intent);
  if (paid.length + unpaid.length > 0) log?.info({ report }, 'Payments reconciled');
  return report;
}
