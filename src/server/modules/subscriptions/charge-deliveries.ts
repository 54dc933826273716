import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { cancelUnchargedOrder, markSubscriptionOrderCharged, subscriptionOrderToCharge } from '../orders/index.ts';
import { type PaymentProvider, recordDraw, recordOffSessionPayment, sendPayouts } from '../payments/index.ts';
import { shopCards } from '../shops/index.ts';
import { accountsByIds } from '../users/index.ts';
import { tellDelivery } from './delivery-notices.ts';
import { setDelivery } from './make-deliveries.ts';
import { offSession } from './off-session-charge.ts';
import { paymentFor, takeSeasonPayment } from './season-payments.ts';
import { subscriptionDeliveries, subscriptionPayments, subscriptionPlans, subscriptions } from './tables.ts';

const HOUR_MS = 3_600_000;
/** How long after a failed charge the next is tried: 1 h, 6 h, then every 24 h. */
export const CHARGE_BACKOFF_MS = [HOUR_MS, 6 * HOUR_MS, 24 * HOUR_MS];
/** A claimed charge is left to its process this long; one that stopped mid-way is tried again after it. */
const CLAIM_MS = 5 * 60_000;

export type ChargeJobOptions = {
  now: Date;
  /** Failed charges of one delivery before it is abandoned (SUBSCRIPTION_CHARGE_RETRIES). */
  retries: number;
  log?: FastifyBaseLogger;
  limit?: number;
};

type Delivery = typeof subscriptionDeliveries.$inferSelect;
export type ChargeOutcome = 'charged' | 'failed' | 'abandoned' | 'cancelled' | 'skipped';

/** The key of a delivery's charge attempt: asked again after a crash, the provider answers the same charge. */
export const chargeKey = (delivery: Pick<Delivery, 'subscriptionId' | 'deliveryOn' | 'attempts'>) =>
  `subscription:${delivery.subscriptionId}:${delivery.deliveryOn}:${delivery.attempts}`;

/**
 * Charges each delivery whose order is due to be charged (its window's cutoff passed) or whose failed charge is due
 * again, in turn; answers what became of each.
 */
export async function chargeDueDeliveries(
  db: Db,
  provider: PaymentProvider,
  options: ChargeJobOptions,
): Promise<ChargeOutcome[]> {
  const due = await db
    .select({ subscriptionId: subscriptionDeliveries.subscriptionId, deliveryOn: subscriptionDeliveries.deliveryOn })
    .from(subscriptionDeliveries)
    .where(
      and(
        inArray(subscriptionDeliveries.status, ['ordered', 'charge_failed']),
        lte(subscriptionDeliveries.nextAttemptAt, options.now),
      ),
    )
    .orderBy(asc(subscriptionDeliveries.nextAttemptAt))
    .limit(options.limit ?? 100);
  const outcomes: ChargeOutcome[] = [];
  for (const delivery of due) {
    try {
      outcomes.push(await chargeDelivery(db, provider, delivery, options));
    } catch (error) {
      // Left claimed: tried again once the claim lapses, with the same key (never charged twice).
      options.log?.error({ err: error, ...delivery }, 'Charging a subscription delivery failed; it is tried again');
    }
  }
  return outcomes;
}

/**
 * Charges one delivery's order with the subscription's saved card, off-session (decision 068). The delivery is
 * claimed first (its next attempt pushed CLAIM_MS ahead), so two processes never charge it at once; the charge is
 * keyed by the subscription, date and attempt, so a process that stopped after charging and before recording asks
 * again and records the same charge. Recorded in one transaction with the order's payment and the delivery's state.
 */
export async function chargeDelivery(
  db: Db,
  provider: PaymentProvider,
  target: { subscriptionId: string; deliveryOn: string },
  options: ChargeJobOptions,
): Promise<ChargeOutcome> {
  const { now } = options;
  const [delivery] = await db
    .update(subscriptionDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(subscriptionDeliveries.subscriptionId, target.subscriptionId),
        eq(subscriptionDeliveries.deliveryOn, target.deliveryOn),
        inArray(subscriptionDeliveries.status, ['ordered', 'charge_failed']),
        lte(subscriptionDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!delivery?.orderId) return 'skipped';
  const orderId = delivery.orderId;
  const order = await db.transaction((tx) => subscriptionOrderToCharge(tx, orderId));
  if (order.live === 0) {
    // Every line was cancelled before the cutoff (the shop or the shopper): nothing to charge.
    await db.transaction((tx) =>
      setDelivery(tx, delivery.subscriptionId, delivery.deliveryOn, { status: 'cancelled', nextAttemptAt: null }),
    );
    return 'cancelled';
  }
  const [{ subscription, pricing }] = await db
    .select({ subscription: subscriptions, pricing: subscriptionPlans.pricing })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.id, delivery.subscriptionId));
  // A season's delivery draws its share of the season's payment, taking that payment first when it is due.
  const season = pricing !== 'per_delivery';
  const result = season
    ? await seasonFunding(db, provider, delivery, now)
    : subscription.providerCustomerId && subscription.paymentMethodId
      ? await offSession(provider, {
          customerId: subscription.providerCustomerId,
          paymentMethodId: subscription.paymentMethodId,
          amountCents: order.chargeCents,
          captureMethod: order.weighed ? 'manual' : 'automatic',
          description: `Farmstall subscription delivery ${delivery.deliveryOn}`,
          // Not a checkout's purpose: after a restore, reconciliation leaves it to this job, whose key finds it again.
          metadata: {
            purpose: 'subscription',
            userId: subscription.userId,
            subscriptionId: subscription.id,
            deliveryOn: delivery.deliveryOn,
            orderId,
          },
          idempotencyKey: chargeKey(delivery),
        })
      : ({ ok: false, message: 'No card is saved for this subscription.', code: 'card_declined' } as const);

  if (result.ok) {
    const transferIds = await db.transaction(async (tx) => {
      if (!(await stillClaimed(tx, delivery))) return null;
      const paid = {
        deliveryCents: order.deliveryCents,
        orderName: order.orderName,
        phoneNumber: order.phoneNumber,
        address: order.address,
        paidAt: now,
      };
      let transactionId: string;
      if ('fundedBy' in result) {
        transactionId = await recordDraw(tx, {
          ...paid,
          fundedBy: result.fundedBy,
          deliveryOn: delivery.deliveryOn,
          amountCents: order.chargeCents,
        });
      } else {
        transactionId = result.intent.id;
        await recordOffSessionPayment(tx, {
          ...paid,
          provider: provider.name,
          providerIntentId: result.intent.id,
          userId: subscription.userId,
          amountCents: result.intent.amountCents,
          captureMethod: order.weighed ? 'manual' : 'automatic',
        });
      }
      const card = 'intent' in result ? result.intent : { cardBrand: null, cardLast4: null };
      const transfers = await markSubscriptionOrderCharged(tx, orderId, {
        transactionId,
        cardBrand: card.cardBrand ?? subscription.cardBrand,
        cardLast4: card.cardLast4 ?? subscription.cardLast4,
      });
      await setDelivery(tx, delivery.subscriptionId, delivery.deliveryOn, {
        status: 'charged',
        nextAttemptAt: null,
        lastError: null,
      });
      // updatedAt stays: it marks the shopper's last change, from which a cutoff missed unmade counts (lateDates).
      await tx.update(subscriptions).set({ failedCharges: 0 }).where(eq(subscriptions.id, subscription.id));
      return transfers;
    });
    if (transferIds === null) return 'skipped';
    await sendPayouts(db, provider, { transferIds }, { log: options.log });
    return 'charged';
  }

  return db.transaction(async (tx) => {
    if (!(await stillClaimed(tx, delivery))) return 'skipped';
    const attempts = delivery.attempts + 1;
    const abandon = attempts >= options.retries;
    const facts = await noticeFacts(tx, subscription, delivery, orderId);
    await tx
      .update(subscriptions)
      .set({
        failedCharges: sql`${subscriptions.failedCharges} + 1`,
        updatedAt: now,
        ...(result.code === 'authentication_required' ? { cardState: 'requires_action' as const } : {}),
        ...(abandon ? { status: 'payment_failed' as const } : {}),
      })
      .where(eq(subscriptions.id, subscription.id));
    if (abandon) {
      await cancelUnchargedOrder(tx, orderId);
      await setDelivery(tx, delivery.subscriptionId, delivery.deliveryOn, {
        status: 'abandoned',
        attempts,
        nextAttemptAt: null,
        lastError: result.message,
      });
      await tellDelivery(tx, { ...facts, event: 'abandoned', reason: result.message });
      return 'abandoned';
    }
    const retryAt = new Date(now.getTime() + CHARGE_BACKOFF_MS[Math.min(attempts, CHARGE_BACKOFF_MS.length) - 1]);
    await setDelivery(tx, delivery.subscriptionId, delivery.deliveryOn, {
      status: 'charge_failed',
      attempts,
      nextAttemptAt: retryAt,
      lastError: result.message,
    });
    await tellDelivery(tx, {
      ...facts,
      event: 'charge_failed',
      reason: result.message,
      retryAt: `${retryAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
    return 'failed';
  });
}

/** The season's payment a delivery draws on, taken now when it was not yet (at the cutoff of its run's first delivery). */
async function seasonFunding(db: Db, provider: PaymentProvider, delivery: Delivery, now: Date) {
  const payments = await db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, delivery.subscriptionId));
  const payment = paymentFor(payments, delivery.deliveryOn);
  if (!payment)
    return { ok: false, code: 'card_declined', message: 'This subscription has no season payment.' } as const;
  const taken = await takeSeasonPayment(
    db,
    provider,
    { subscriptionId: delivery.subscriptionId, number: payment.number },
    now,
  );
  return taken.ok ? ({ ok: true, fundedBy: taken.paymentIntentId } as const) : taken;
}

/** The delivery is still this process's to record (locked until commit): no other process recorded it meanwhile. */
async function stillClaimed(tx: Tx, delivery: Delivery): Promise<boolean> {
  // The subscription first, as every change of a subscription and its deliveries takes them: no deadlock.
  await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.id, delivery.subscriptionId))
    .for('update');
  const [row] = await tx
    .select({ status: subscriptionDeliveries.status, attempts: subscriptionDeliveries.attempts })
    .from(subscriptionDeliveries)
    .where(
      and(
        eq(subscriptionDeliveries.subscriptionId, delivery.subscriptionId),
        eq(subscriptionDeliveries.deliveryOn, delivery.deliveryOn),
      ),
    )
    .for('update');
  return row !== undefined && row.status === delivery.status && row.attempts === delivery.attempts;
}

async function noticeFacts(
  tx: Tx,
  subscription: typeof subscriptions.$inferSelect,
  delivery: Delivery,
  orderId: string,
) {
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, subscription.planId));
  const shop = (await shopCards(tx, [plan.shopId])).get(plan.shopId);
  const buyer = (await accountsByIds(tx, [subscription.userId])).get(subscription.userId);
  return {
    subscription,
    plan,
    shop: { id: plan.shopId, name: shop?.name ?? '', email: shop?.email ?? '' },
    buyer: { name: buyer?.name ?? '', email: buyer?.email ?? '' },
    date: delivery.deliveryOn,
    orderId,
  };
}
