import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { installmentCents } from '#contract/subscription-words.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  type PaymentProvider,
  paymentLeftCents,
  processRefund,
  recordSeasonPayment,
  requestRefund,
} from '../payments/index.ts';
import { servedSlot, servedWindows } from '../slots/index.ts';
import { deliveryDates } from './delivery-dates.ts';
import { tellSeasonPayment } from './delivery-notices.ts';
import { offSession } from './off-session-charge.ts';
import { subscriptionDeliveries, subscriptionPayments, subscriptionPlans, subscriptions } from './tables.ts';

/** One payment of a season as planned: its amount and the deliveries it pays for. */
export type PlannedPayment = { amountCents: number; coversFrom: string; coversUntil: string; deliveries: number };

/**
 * A season's payments from its first delivery (decision 070): the season's price in `count` payments (one when paid up
 * front; fewer when fewer deliveries are left), each paying for a run of consecutive deliveries (the first runs one
 * longer when they do not divide evenly), up to the next payment's first delivery; the last up to the season's end.
 */
export function seasonSchedule(dates: string[], seasonCents: number, count: number, endsOn: string): PlannedPayment[] {
  const parts = Math.max(1, Math.min(count, dates.length));
  const amounts = installmentCents(seasonCents, parts);
  const base = Math.floor(dates.length / parts);
  const longer = dates.length % parts;
  const firsts: number[] = [];
  for (let i = 0, at = 0; i < parts; i++) {
    firsts.push(at);
    at += base + (i < longer ? 1 : 0);
  }
  return amounts.map((amountCents, i) => {
    const end = i + 1 < parts ? firsts[i + 1] : dates.length;
    const coversUntil =
      i + 1 < parts
        ? Temporal.PlainDate.from(dates[firsts[i + 1]])
            .subtract({ days: 1 })
            .toString()
        : endsOn;
    return { amountCents, coversFrom: dates[firsts[i]], coversUntil, deliveries: end - firsts[i] };
  });
}

type Payment = typeof subscriptionPayments.$inferSelect;

/** One payment's row by its key. */
const thePayment = (payment: Pick<Payment, 'subscriptionId' | 'number'>) =>
  and(eq(subscriptionPayments.subscriptionId, payment.subscriptionId), eq(subscriptionPayments.number, payment.number));

/** The payment whose run holds `date` (a date before the first belongs to the first, after the last to the last). */
export function paymentFor<T extends Pick<Payment, 'number' | 'coversFrom' | 'coversUntil'>>(
  payments: T[],
  date: string,
): T | undefined {
  const sorted = [...payments].sort((a, b) => a.number - b.number);
  return sorted.find((p) => date <= p.coversUntil) ?? sorted.at(-1);
}

/** Deliveries that hold a share of their payment: made and not (yet) cancelled. */
const HOLDING = ['ordered', 'charged', 'charge_failed'] as const;

/**
 * A season's delivery share of its payment, for its order's price (in the caller's transaction, the subscription's row
 * held): the payment's amount over its planned deliveries, the last of its run taking the cents the even shares leave
 * over, never more than the payment still has for it (less what its other made deliveries hold); a skipped week's
 * share is not passed on to the next, it is given back when the payment closes. Null when the payment was not taken and
 * never will be (the subscription ended first).
 */
export async function seasonShare(
  tx: Tx,
  subscriptionId: string,
  date: string,
  isLastOfRun: (coversUntil: string) => boolean,
): Promise<{ number: number; shareCents: number } | null> {
  const payments = await tx
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, subscriptionId));
  const payment = paymentFor(payments, date);
  if (!payment || payment.status === 'cancelled' || payment.closedAt) return null;
  const held = await tx
    .select({ shareCents: subscriptionDeliveries.shareCents, deliveryOn: subscriptionDeliveries.deliveryOn })
    .from(subscriptionDeliveries)
    .where(
      and(
        eq(subscriptionDeliveries.subscriptionId, subscriptionId),
        inArray(subscriptionDeliveries.status, [...HOLDING]),
      ),
    );
  const ofRun = held.filter((row) => paymentFor(payments, row.deliveryOn)?.number === payment.number);
  const left = payment.amountCents - ofRun.reduce((sum, row) => sum + (row.shareCents ?? 0), 0);
  const each = Math.floor(payment.amountCents / payment.deliveries);
  const last = payment.amountCents - each * (payment.deliveries - 1);
  const share = Math.min(isLastOfRun(payment.coversUntil) ? last : each, left);
  return { number: payment.number, shareCents: Math.max(0, share) };
}

export type SeasonCharge = { ok: true; paymentIntentId: string } | { ok: false; code: string; message: string };

/** The key of a season payment's charge attempt: asked again after a crash, the provider answers the same charge. */
export const seasonChargeKey = (payment: Pick<Payment, 'subscriptionId' | 'number' | 'attempts'>) =>
  `season:${payment.subscriptionId}:${payment.number}:${payment.attempts}`;

/**
 * Takes one of a season's payments with the subscription's saved card, off-session, unless it is taken already:
 * keyed by the subscription, the payment and its attempt, so a process that stopped after charging asks again and
 * records the same charge; recorded with the ledger's payment row in one transaction. A refusal counts an attempt.
 */
export async function takeSeasonPayment(
  db: Db,
  provider: PaymentProvider,
  target: { subscriptionId: string; number: number },
  now: Date,
): Promise<SeasonCharge> {
  const [row] = await db
    .select({ payment: subscriptionPayments, subscription: subscriptions, planName: subscriptionPlans.name })
    .from(subscriptionPayments)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPayments.subscriptionId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(thePayment(target));
  if (!row) throw new Error(`No season payment ${target.number} of ${target.subscriptionId}`);
  const { payment, subscription } = row;
  if (payment.paymentIntentId) return { ok: true, paymentIntentId: payment.paymentIntentId };
  if (payment.status === 'cancelled') {
    return { ok: false, code: 'card_declined', message: 'This payment was not taken: the subscription ended' };
  }
  const result =
    subscription.providerCustomerId && subscription.paymentMethodId
      ? await offSession(provider, {
          customerId: subscription.providerCustomerId,
          paymentMethodId: subscription.paymentMethodId,
          amountCents: payment.amountCents,
          captureMethod: 'automatic',
          description: `Farmstall season: ${row.planName}, payment ${payment.number}`,
          // As a delivery's charge: after a restore, reconciliation leaves it to the job, whose key finds it again.
          metadata: {
            purpose: 'subscription',
            userId: subscription.userId,
            subscriptionId: subscription.id,
            seasonPayment: String(payment.number),
          },
          idempotencyKey: seasonChargeKey(payment),
        })
      : ({ ok: false, message: 'No card is saved for this subscription.', code: 'card_declined' } as const);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptionPayments).where(thePayment(payment)).for('update');
    if (current.paymentIntentId) return { ok: true, paymentIntentId: current.paymentIntentId } as const;
    if (!result.ok) {
      // Another process counted this attempt already: the refusal is the same one.
      if (current.attempts === payment.attempts) {
        await tx
          .update(subscriptionPayments)
          .set({ status: 'failed', attempts: payment.attempts + 1, lastError: result.message })
          .where(thePayment(payment));
      }
      return { ok: false, code: result.code, message: result.message } as const;
    }
    const paymentIntentId = await recordSeasonPayment(tx, {
      provider: provider.name,
      providerIntentId: result.intent.id,
      userId: subscription.userId,
      amountCents: result.intent.amountCents,
      paidAt: now,
    });
    await tx
      .update(subscriptionPayments)
      .set({ status: 'paid', paymentIntentId, paidAt: now, lastError: null })
      .where(thePayment(payment));
    await tellSeasonPayment(tx, payment.subscriptionId, 'season_paid', payment.coversFrom, payment.amountCents);
    return { ok: true, paymentIntentId } as const;
  });
}

/**
 * Closes each season payment none of whose deliveries can draw on it any more (decision 070): its run is over, the
 * subscription was cancelled with nothing left to deliver in it, or the farm ended the plan; and none of its made
 * deliveries waits for its charge. A payment taken gives back what its deliveries did not draw (skipped, a holiday,
 * nothing in stock, after a cancel), through payments' refunds; one never taken is not taken any more. Answers how
 * many it closed.
 */
export async function closeSeasonPayments(
  db: Db,
  provider: PaymentProvider,
  options: { now: Date; defaultTimeZone: string; log?: FastifyBaseLogger },
): Promise<number> {
  const open = await db
    .select({ payment: subscriptionPayments, subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptionPayments)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPayments.subscriptionId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(isNull(subscriptionPayments.closedAt))
    .orderBy(asc(subscriptionPayments.subscriptionId), asc(subscriptionPayments.number));
  if (open.length === 0) return 0;
  const windows = await servedWindows(
    db,
    open.map((row) => row.subscription.windowId),
    options.defaultTimeZone,
  );
  let closed = 0;
  for (const { payment, subscription, plan } of open) {
    const window = windows.get(subscription.windowId);
    const ended = plan.endedAt !== null || (subscription.status === 'cancelled' && subscription.endsAfter === null);
    const lastOn = [plan.endsOn, subscription.endsAfter, payment.coversUntil].filter((d) => d !== null).sort()[0];
    const comingInRun =
      !ended && window
        ? deliveryDates(
            {
              frequency: plan.frequency,
              weekday: window.weekday,
              firstOn: subscription.startsOn,
              lastOn: lastOn ?? null,
            },
            payment.coversFrom,
            lastOn ?? payment.coversUntil,
          ).filter((date) => servedSlot(window, date).closesAt > options.now)
        : [];
    if (comingInRun.length > 0) continue;
    try {
      const refundId = await db.transaction((tx) => closePayment(tx, payment, plan.endedAt !== null, options.now));
      if (refundId === undefined) continue;
      closed += 1;
      if (refundId) await processRefund(db, provider, refundId, { log: options.log });
    } catch (error) {
      options.log?.error({ err: error, ...payment }, 'Closing a season payment failed; it is tried again');
    }
  }
  return closed;
}

/** Closes one payment under its subscription's lock; undefined when it cannot close yet. Answers the refund to make. */
async function closePayment(tx: Tx, payment: Payment, farmEnded: boolean, now: Date) {
  await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.id, payment.subscriptionId))
    .for('update');
  const [row] = await tx
    .select()
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.subscriptionId, payment.subscriptionId),
        eq(subscriptionPayments.number, payment.number),
        isNull(subscriptionPayments.closedAt),
      ),
    )
    .for('update');
  if (!row) return undefined;
  const payments = await tx
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, payment.subscriptionId));
  const waiting = (
    await tx
      .select({ deliveryOn: subscriptionDeliveries.deliveryOn })
      .from(subscriptionDeliveries)
      .where(
        and(
          eq(subscriptionDeliveries.subscriptionId, payment.subscriptionId),
          inArray(subscriptionDeliveries.status, ['ordered', 'charge_failed']),
        ),
      )
  ).filter((delivery) => paymentFor(payments, delivery.deliveryOn)?.number === row.number);
  if (waiting.length > 0) return undefined;
  const where = thePayment(payment);
  if (!row.paymentIntentId) {
    await tx.update(subscriptionPayments).set({ status: 'cancelled', closedAt: now }).where(where);
    return null;
  }
  const left = await paymentLeftCents(tx, row.paymentIntentId);
  if (left > 0) {
    const refund = await requestRefund(tx, {
      paymentIntentId: row.paymentIntentId,
      amountCents: left,
      reason: farmEnded ? 'vendor_cancelled' : 'customer_cancelled',
      idempotencyKey: `season-close:${row.subscriptionId}:${row.number}`,
    });
    await tx
      .update(subscriptionPayments)
      .set({ refundedCents: sql`${subscriptionPayments.refundedCents} + ${left}`, closedAt: now })
      .where(where);
    await tellSeasonPayment(tx, row.subscriptionId, 'season_refunded', row.coversFrom, left);
    return refund.id;
  }
  await tx.update(subscriptionPayments).set({ closedAt: now }).where(where);
  return null;
}

/** Deletes a subscription whose first season payment was refused, with its rows: nothing of it happened. */
export async function dropUnpaidSubscription(db: Db, subscriptionId: string) {
  await db.transaction(async (tx) => {
    const [first] = await tx
      .select({ paid: subscriptionPayments.paymentIntentId })
      .from(subscriptionPayments)
      .where(and(eq(subscriptionPayments.subscriptionId, subscriptionId), eq(subscriptionPayments.number, 1)))
      .for('update');
    if (first?.paid) throw new AppError('CONFLICT', 'The season’s first payment was taken meanwhile');
    await tx.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
  });
}
