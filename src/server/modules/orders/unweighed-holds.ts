import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { UNWEIGHED_RELEASE_AFTER_MS } from '#contract/weighed.ts';
import type { Db } from '../../db/client.ts';
import { holdsUndecidedSince, type PaymentProvider, processCapture } from '../payments/index.ts';
import { cancelShopPart, lineColumns, settleOrderStatus } from './fulfilment.ts';
import { notifyPartMoved } from './order-notices.ts';
import { fulfilmentsOfOrders } from './queries.ts';
import { customerPayments, orderLines, orders } from './tables.ts';
import { captureWhenWeighed } from './weighing.ts';

type Options = { log?: FastifyBaseLogger; now?: () => Date; limit?: number };

/**
 * Settles the orders whose card hold (weighed goods, decision 018) would lapse before their shops weigh them: a
 * part still pending UNWEIGHED_RELEASE_AFTER_MS after payment is cancelled (its stock and slot place come back, its
 * buyer is told), which records the capture of the parts that did move on, or cancels the hold when none did. The
 * capture is made right after; a refused one is left to the capture retries. Answers the orders it settled.
 */
export async function settleLapsingHolds(db: Db, provider: PaymentProvider, options: Options = {}) {
  const { log, now = () => new Date(), limit = 20 } = options;
  const holds = await holdsUndecidedSince(db, new Date(now().getTime() - UNWEIGHED_RELEASE_AFTER_MS), limit);
  const settled: string[] = [];
  for (const { provider: name, providerIntentId } of holds) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
      .where(and(eq(customerPayments.provider, name), eq(customerPayments.transactionId, providerIntentId)));
    if (!order) continue;
    const captureId = await cancelPendingParts(db, order.id);
    if (captureId) await processCapture(db, provider, captureId, { log, now });
    log?.warn({ orderId: order.id }, 'Cancelled the unweighed parts of an order whose card hold was ending');
    settled.push(order.id);
  }
  return settled;
}

/**
 * Cancels the order's parts with weighed goods still pending, under the order row's lock; answers the capture it
 * recorded, if any.
 */
async function cancelPendingParts(db: Db, orderId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    const pending = await tx
      .select({ ...lineColumns, vendorId: orderLines.vendorId })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.status, ['pending'])))
      .orderBy(orderLines.createdAt, orderLines.id);
    const fulfilments = await fulfilmentsOfOrders(tx, [orderId]);
    // Only the parts with weighed goods wait to be weighed; the others are charged with the parts that moved on.
    const weighing = new Set(pending.filter((line) => line.estimatedGrams !== null).map((line) => line.vendorId));
    for (const shopId of weighing) {
      const lines = pending.filter((line) => line.vendorId === shopId);
      await cancelShopPart(tx, orderId, shopId, lines, 'vendor_cancelled');
      const kind = fulfilments.find((f) => f.shopId === shopId)?.kind ?? 'shipping';
      await notifyPartMoved(tx, { orderId, vendorId: shopId, target: 'cancelled', kind, by: 'unweighed' });
    }
    await settleOrderStatus(tx, orderId, order.status);
    return captureWhenWeighed(tx, orderId);
  });
}
