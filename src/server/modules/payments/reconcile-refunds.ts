import { and, eq } from 'drizzle-orm';
import { formatMoney } from '#contract/money.ts';
import type { Db } from '../../db/client.ts';
import { findIntent } from './intents.ts';
import type { ProviderRefund } from './provider.ts';
import { unrecordedRefundKey } from './reconcile-payments.ts';
import type { ReconcileContext, ReconcileLine } from './reconcile-types.ts';
import { markRefundMade, type RefundReason, type RefundRow, requestRefund } from './refunds.ts';
import { REFUND_REASONS, refunds, transferReversals, transfers } from './tables.ts';

type Result = Omit<ReconcileLine, 'kind' | 'id'>;
const result = (outcome: Result['outcome'], detail: string): Result => ({ outcome, detail });

const reasonOf = (text: string | undefined): RefundReason | null =>
  REFUND_REASONS.find((reason) => reason === text) ?? null;

/** A refund after delivery takes the shop's share back from its transfer: is that reversal in the store? */
async function reversalLost(db: Db, refund: RefundRow): Promise<boolean> {
  if (refund.reason !== 'after_delivery' || !refund.orderId) return false;
  const [transfer] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.orderId, refund.orderId), eq(transfers.paymentIntentId, refund.paymentIntentId)));
  if (!transfer) return false;
  const [reversal] = await db
    .select({ id: transferReversals.id })
    .from(transferReversals)
    .where(eq(transferReversals.refundId, refund.id));
  return !reversal;
}

/** The refund is in the ledger; does the store agree with what it gave back? Else what a person must do. */
async function orderAgrees(context: ReconcileContext, refund: RefundRow, money: string): Promise<Result | null> {
  const lost = await context.orders.lostCancellation(context.db, refund.idempotencyKey);
  if (lost) return result('needs_person', `${money} in the ledger, but ${lost}`);
  if (await reversalLost(context.db, refund)) {
    return result(
      'needs_person',
      `${money} in the ledger, but the shop's share of it is not taken back from its transfer in the store: ` +
        `check the reversals of order ${refund.orderId}'s transfer at the provider and record them`,
    );
  }
  return null;
}

/**
 * One refund of the provider against the store's ledger: known by its provider id (ok); the store's refund of the
 * same key not marked made yet (marked now, never asked of the provider again); or lost in the restore (recorded
 * again on its payment, with its key, reason and order, as made), so the ledger shows it and asking for the same
 * refund again gives nothing twice. A refund whose order change was lost with the restore (a cancelled line live
 * again) is in the ledger, and reported for a person to make the change again.
 */
export async function matchRefund(context: ReconcileContext, refund: ProviderRefund): Promise<Result> {
  const { db, provider, dryRun, now } = context;
  const money = formatMoney(refund.amountCents);
  if (refund.status !== 'succeeded' && refund.status !== 'pending') {
    return result('ok', `${money} ${refund.status} at the provider: no money moved`);
  }
  const [byId] = await db.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
  if (byId) {
    if (byId.amountCents !== refund.amountCents) {
      return result('needs_person', `${money} at the provider, ${formatMoney(byId.amountCents)} in the store`);
    }
    return (await orderAgrees(context, byId, money)) ?? result('ok', `${money} in the ledger (${byId.reason})`);
  }
  const key = refund.metadata.refundKey;
  const payment = await findIntent(db, provider.name, refund.paymentIntentId);
  if (!payment) {
    if (key === unrecordedRefundKey(refund.paymentIntentId)) {
      return result('ok', `${money} given back for a charge the store could not record`);
    }
    return result('needs_person', `${money} refunded on ${refund.paymentIntentId}, a payment the store does not have`);
  }
  if (!key) {
    return result('needs_person', `${money} refunded outside Farmstall (no refund key): record it by hand`);
  }
  const [byKey] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  if (byKey) {
    if (byKey.paymentIntentId !== payment.id || byKey.amountCents !== refund.amountCents) {
      return result('needs_person', `${money} at the provider does not match the store's refund ${key}`);
    }
    if (byKey.status === 'succeeded') {
      return result('needs_person', `${money}: the store's refund ${key} was made as another refund as well`);
    }
    if (dryRun) return result('would_change', `${money}: would mark the store's ${byKey.status} refund ${key} made`);
    const made = await db.transaction((tx) => markRefundMade(tx, byKey, refund.id, { now: now() }));
    return (
      (made && (await orderAgrees(context, made, money))) ??
      result('recorded', `${money}: the store's ${byKey.status} refund ${key} is now made`)
    );
  }
  const reason = reasonOf(refund.metadata.reason);
  if (!reason) return result('needs_person', `${money} with an unknown reason (${refund.metadata.reason}): look at it`);
  if (dryRun) return result('would_change', `${money} lost in the restore: would record it on its payment`);
  const orderId = await context.orders.orderOfPayment(db, refund.paymentIntentId);
  const made = await db.transaction(async (tx) => {
    const row = await requestRefund(tx, {
      paymentIntentId: payment.id,
      orderId: orderId && (!refund.metadata.orderId || refund.metadata.orderId === orderId) ? orderId : null,
      amountCents: refund.amountCents,
      reason,
      idempotencyKey: key,
    });
    return markRefundMade(tx, row, refund.id, { now: now() });
  });
  return (
    (made && (await orderAgrees(context, made, money))) ??
    result('recorded', `${money} lost in the restore: recorded on its payment (${reason})`)
  );
}
