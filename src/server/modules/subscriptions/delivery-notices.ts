import { and, eq, ne } from 'drizzle-orm';
import { centsToDollars } from '#contract/money.ts';
import type { NotificationEvent } from '#contract/notifications.ts';
import type { Tx } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { orderNumbersOf } from '../orders/index.ts';
import { shopCards } from '../shops/index.ts';
import { accountsByIds } from '../users/index.ts';
import { subscriptionPlans, subscriptions } from './tables.ts';

type Event = Extract<NotificationEvent, { kind: 'subscription_delivery' }>;

/** A delivery's notice: what happened, to whom it is told (the shopper, and the shop for what it must act on). */
export type DeliveryNotice = {
  event: Event['event'];
  subscription: { userId: string };
  plan: { name: string };
  shop: { id: string; name: string; email: string };
  buyer: { name: string; email: string };
  date: string;
  orderId?: string;
  items?: string[];
  reason?: string | null;
  nextDeliveryOn?: string | null;
  movedTo?: string | null;
  retryAt?: string;
  amountCents?: number;
};

/** What the shop hears of too (the shopper hears of everything). */
const TOLD_TO_SHOP = new Set<Event['event']>([
  'holiday',
  'short',
  'discontinued',
  'nothing',
  'abandoned',
  'made_late',
  'missed',
]);

/** Writes a delivery's notice to the outbox in the caller's transaction (issue 37: both sides told). */
export async function tellDelivery(tx: Tx, notice: DeliveryNotice): Promise<void> {
  const orderNumber = notice.orderId ? (await orderNumbersOf(tx, [notice.orderId])).get(notice.orderId) : undefined;
  const base = {
    kind: 'subscription_delivery' as const,
    event: notice.event,
    planName: notice.plan.name,
    shopName: notice.shop.name,
    buyerName: notice.buyer.name,
    deliveryOn: notice.date,
    ...(notice.orderId ? { orderId: notice.orderId } : {}),
    ...(orderNumber ? { orderNumber } : {}),
    ...(notice.items ? { items: notice.items } : {}),
    ...(notice.reason !== undefined ? { reason: notice.reason } : {}),
    ...(notice.nextDeliveryOn !== undefined ? { nextDeliveryOn: notice.nextDeliveryOn } : {}),
    ...(notice.movedTo ? { movedTo: notice.movedTo } : {}),
    ...(notice.retryAt ? { retryAt: notice.retryAt } : {}),
    ...(notice.amountCents !== undefined ? { amount: centsToDollars(notice.amountCents) } : {}),
  };
  await notify(tx, [{ userId: notice.subscription.userId, email: notice.buyer.email }], { ...base, to: 'shopper' });
  if (TOLD_TO_SHOP.has(notice.event))
    await notify(tx, [{ userId: notice.shop.id, email: notice.shop.email }], { ...base, to: 'shop' });
}

/**
 * The farm ended a plan (in the ending's transaction): each subscriber still running is told that no more deliveries
 * are ordered, and that the orders already made still come.
 */
export async function tellPlanEnded(
  tx: Tx,
  plan: { id: string; name: string; shopId: string },
  today: string,
): Promise<void> {
  const running = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, plan.id), ne(subscriptions.status, 'cancelled')));
  if (running.length === 0) return;
  const shop = (await shopCards(tx, [plan.shopId])).get(plan.shopId);
  const buyers = await accountsByIds(
    tx,
    running.map((r) => r.userId),
  );
  for (const { userId } of running) {
    const buyer = buyers.get(userId);
    if (!buyer) continue;
    await notify(tx, [{ userId, email: buyer.email }], {
      kind: 'subscription_delivery',
      to: 'shopper',
      event: 'plan_ended',
      planName: plan.name,
      shopName: shop?.name ?? '',
      deliveryOn: today,
    });
  }
}

/**
 * A season's payment taken or given back (decision 070), told to the shopper in the caller's transaction: the plan,
 * the shop and the shopper read here, `date` the first day the payment pays for.
 */
export async function tellSeasonPayment(
  tx: Tx,
  subscriptionId: string,
  event: 'season_paid' | 'season_refunded',
  date: string,
  amountCents: number,
): Promise<void> {
  const [row] = await tx
    .select({ userId: subscriptions.userId, planName: subscriptionPlans.name, shopId: subscriptionPlans.shopId })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  const shop = (await shopCards(tx, [row.shopId])).get(row.shopId);
  const buyer = (await accountsByIds(tx, [row.userId])).get(row.userId);
  if (!buyer) return;
  await tellDelivery(tx, {
    event,
    subscription: { userId: row.userId },
    plan: { name: row.planName },
    shop: { id: row.shopId, name: shop?.name ?? '', email: shop?.email ?? '' },
    buyer: { name: buyer.name, email: buyer.email },
    date,
    amountCents,
  });
}
