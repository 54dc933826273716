import { and, eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { combinedStatus, type OrderTracking } from '#contract/fulfilment.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { cancelTerms } from './cancel-terms.ts';
import { cancelShopPart, getOrderTracking, lineColumns, payOutRefunds, settleOrderStatus } from './fulfilment.ts';
import { notifyPartMoved } from './order-notices.ts';
import { fulfilmentsOfOrders, slotStatesOf } from './queries.ts';
import { orderLines, orders } from './tables.ts';

type Caller = { id: string; roll: string };

/**
 * The buyer (or an admin) cancels one shop's part of an order (`id`: the order's or its payment's) while the rules
 * of cancelTerms allow it at `now`: its stock and the slot's place come back and what was paid for it, delivery
 * included, is refunded (recorded with the cancellation, paid out right after). The order row is locked first, so
 * two cancellations at once refund once. Answers the order's steps as they are afterwards.
 */
export async function cancelPartAsBuyer(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  target: { id: string; shopId: string },
  now: Date,
  log?: FastifyBaseLogger,
): Promise<OrderTracking> {
  const { orderId, refundIds } = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(or(eq(orders.id, target.id), eq(orders.paymentId, target.id)))
      .for('update');
    if (!order || (caller.roll !== 'admin' && order.userId !== caller.id)) throw notFound('Order');
    const lines = await tx
      .select({ ...lineColumns, shopName: orderLines.shopName })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.vendorId, target.shopId)))
      .orderBy(orderLines.createdAt, orderLines.id);
    if (lines.length === 0) throw notFound('Shop of this order');

    const [booked] = (await fulfilmentsOfOrders(tx, [order.id])).filter((f) => f.shopId === target.shopId);
    const [state] = booked ? await slotStatesOf(tx, [booked]) : [];
    const terms = cancelTerms(
      {
        shopName: lines[0].shopName,
        status: combinedStatus(lines.map((l) => l.status)),
        kind: booked?.kind ?? 'shipping',
        slot: booked && state ? { timeZone: booked.timeZone, state } : null,
      },
      now,
    );
    if (terms.refusal) throw terms.refusal;
    const live = lines.filter((l) => l.status !== 'cancelled');
    const { refundIds } = await cancelShopPart(tx, order.id, target.shopId, live, 'customer_cancelled');
    const move = { orderId: order.id, vendorId: target.shopId, kind: booked?.kind ?? 'shipping', refundIds };
    await notifyPartMoved(tx, { ...move, target: 'cancelled', by: 'shopper' });
    await settleOrderStatus(tx, order.id, order.status);
    return { orderId: order.id, refundIds };
  });
  await payOutRefunds(db, provider, refundIds, log);
  return getOrderTracking(db, orderId, caller, now);
}
