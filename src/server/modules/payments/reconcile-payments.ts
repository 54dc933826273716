import { formatMoney } from '#contract/money.ts';
import type { Db } from '../../db/client.ts';
import { accountsByIds } from '../users/index.ts';
import { findIntent, type IntentPurpose, type IntentRow } from './intents.ts';
import { isPaid, type ProviderPayment, type ProviderRefund } from './provider.ts';
import type { ReconcileContext, ReconcileLine } from './reconcile-types.ts';
import type { SettleOutcome } from './settle.ts';
import { paymentIntents } from './tables.ts';

type Result = Omit<ReconcileLine, 'kind' | 'id'>;
const result = (outcome: Result['outcome'], detail: string): Result => ({ outcome, detail });

const PURPOSES: readonly IntentPurpose[] = ['checkout', 'membership'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key of the refund this command makes of a charge it cannot record (its payer is unknown). */
export const unrecordedRefundKey = (providerIntentId: string) => `reconcile:${providerIntentId}`;

function settledAs(outcome: SettleOutcome, before: string): Result {
  switch (outcome.kind) {
    case 'order':
      return result('order', `${before}${outcome.created ? 'became its order' : 'is its order'}`);
    case 'membership':
      return result('membership', `${before}${outcome.created ? 'made its shop premium' : 'is its membership'}`);
    case 'refunded':
      return result('refunded', `${before}refunded in full: ${outcome.reason ?? 'it could not be sold'}`);
    case 'waiting':
      return result('open', `${before}waits for its delivery details; the reconciliation job refunds it in 2 minutes`);
    case 'unpaid':
      return result('open', `${before}not paid: ${outcome.message}`);
    case 'cancelled':
      return result('needs_person', `${before}the provider says it was paid, settling says cancelled: look at it`);
  }
}

type Payer = { userId: string; purpose: IntentPurpose };

/** Every intent the store makes carries its purpose and payer (decision 006): one without them is not the store's. */
function madeByStore(payment: ProviderPayment): Payer | null {
  const { purpose, userId } = payment.metadata;
  const known = PURPOSES.find((candidate) => candidate === purpose);
  return known && userId && UUID.test(userId) ? { userId, purpose: known } : null;
}

/** Records a charge the store lost as the checkout recorded it (from its metadata), paid when the provider made it. */
async function recordLostCharge(
  db: Db,
  providerName: string,
  payment: ProviderPayment,
  payer: Payer,
): Promise<IntentRow> {
  const { metadata } = payment;
  await db
    .insert(paymentIntents)
    .values({
      provider: providerName,
      providerIntentId: payment.id,
      userId: payer.userId,
      purpose: payer.purpose,
      amountCents: payment.amountCents,
      deliveryCents: Number(metadata.deliveryCents ?? 0) || 0,
      couponCode: metadata.couponCode ?? null,
      planKey: payer.purpose === 'membership' ? (metadata.planKey ?? 'premium') : null,
      captureMethod: payment.captureMethod,
      orderName: metadata.orderName ?? null,
      phoneNumber: metadata.phoneNumber ?? null,
      address: metadata.address ?? null,
      status: 'succeeded',
      paidAt: payment.createdAt,
      createdAt: payment.createdAt,
    })
    .onConflictDoNothing();
  return findIntent(db, providerName, payment.id);
}

/** Gives back (or releases) what is left of a charge the store cannot record. */
async function refundUnrecorded(context: ReconcileContext, payment: ProviderPayment, refundedCents: number) {
  if (payment.status === 'requires_capture') {
    await context.provider.cancelIntent(payment.id);
    return;
  }
  const left = payment.amountCents - refundedCents;
  if (left <= 0) return;
  const key = unrecordedRefundKey(payment.id);
  await context.provider.refund(payment.id, {
    amountCents: left,
    idempotencyKey: key,
    metadata: { refundKey: key, reason: 'cannot_fulfil' },
  });
}

/**
 * One payment of the provider against the store: settled already (ok), open and paid (settled now through the one
 * settle path), lost in the restore and paid (recorded again from its metadata and settled: its order if the restored
 * cart still matches what was paid, else a full refund; refunded outright when its payer is not in the store), lost
 * and unpaid (cancelled at the provider, so it cannot be paid behind the store's back). A payment without the
 * store's metadata is another system's on the same account: left alone.
 */
export async function matchPayment(
  context: ReconcileContext,
  payment: ProviderPayment,
  refunds: ProviderRefund[],
): Promise<Result> {
  const { db, provider, dryRun, now } = context;
  const paid = isPaid(payment.status);
  const money = formatMoney(payment.amountCents);
  const known = await findIntent(db, provider.name, payment.id);
  if (known) {
    if (!paid) {
      if (known.status === 'requires_confirmation') {
        return result('open', `${money} not paid yet; the reconciliation job cancels it after 30 minutes`);
      }
      return result('ok', `${money} not paid (${payment.status}), ${known.status} in the store`);
    }
    if (known.status === 'cancelled') {
      return result('needs_person', `${money} paid, but cancelled in the store: refund it or make its order by hand`);
    }
    if (known.status !== 'requires_confirmation' && known.status !== 'succeeded') {
      return result('ok', `${money} paid, ${known.status} in the store`);
    }
    if (dryRun) return result('would_change', `${money} paid and open in the store: would settle it`);
    return settledAs(await context.settle(known.id, { now }), `${money} paid and open: `);
  }

  if (!paid) {
    if (payment.status === 'canceled') return result('ok', `${money} never paid, cancelled`);
    if (dryRun) return result('would_change', `${money} unknown to the store, unpaid: would cancel it at the provider`);
    const after = await provider.cancelIntent(payment.id);
    if (isPaid(after?.status)) return result('needs_person', `${money} was paid while being cancelled: run again`);
    return result('cancelled', `${money} unknown to the store, never paid: cancelled, it can no longer be paid`);
  }

  const refundedCents = refunds
    .filter(
      (refund) => refund.paymentIntentId === payment.id && refund.status !== 'failed' && refund.status !== 'canceled',
    )
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  const payer = madeByStore(payment);
  if (!payer) return result('ok', `${money} not made by this store (no purpose or payer on it): left alone`);
  if (!(await accountsByIds(db, [payer.userId])).has(payer.userId)) {
    const why = 'its payer is not in the restored store';
    if (refundedCents >= payment.amountCents) return result('ok', `${money} paid and refunded in full; ${why}`);
    if (dryRun) return result('would_change', `${money} paid and lost, ${why}: would refund it`);
    await refundUnrecorded(context, payment, refundedCents);
    return result('refunded', `${money} paid and lost, ${why}: refunded at the provider, not in the store`);
  }
  if (refundedCents > 0 && refundedCents < payment.amountCents) {
    return result(
      'needs_person',
      `${money} paid and lost, ${formatMoney(refundedCents)} of it refunded since: the order it became is lost; ` +
        'record it by hand, or refund the rest',
    );
  }
  if (dryRun) return result('would_change', `${money} paid and lost in the restore: would record and settle it`);
  const row = await recordLostCharge(db, provider.name, payment, payer);
  // The browser that paid it is long gone: a charge without delivery details is refunded now, not waited for.
  return settledAs(await context.settle(row.id, { now, refundWithoutDetailsAfterMs: 0 }), `${money} paid and lost: `);
}
