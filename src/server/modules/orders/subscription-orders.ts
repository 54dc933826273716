import { and, eq, ne } from 'drizzle-orm';
import { heldGoods } from '#contract/card-hold.ts';
import type { Tx } from '../../db/client.ts';
import { cancelShopPart, lineColumns, settleOrderStatus, transferDeliveredParts } from './fulfilment.ts';
import { notifyOrderPlaced } from './order-notices.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/**
 * The transaction id a subscription's order is recorded with until it is charged (issue 37): no payment of ours has
 * it, so until then the order reads as not charged through us (nothing to refund or transfer).
 */
export const unchargedTransactionId = (subscriptionId: string, deliveryOn: string) =>
  `subscription:${subscriptionId}:${deliveryOn}`;

/**
 * A subscription order as its charge needs it, the order row locked: what it costs (its payment's price, unless every
 * line was cancelled meanwhile: then nothing is charged), who to, and whether it is charged already.
 */
export async function subscriptionOrderToCharge(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      priceCents: customerPayments.priceCents,
      deliveryCents: customerPayments.deliveryCents,
      discountCents: customerPayments.discountCents,
      taxIncluded: customerPayments.taxIncluded,
      orderName: customerPayments.orderName,
      phoneNumber: customerPayments.phoneNumber,
      address: customerPayments.address,
      transactionId: customerPayments.transactionId,
    })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!order) throw new Error(`No order ${orderId}`);
  const live = await tx
    .select({ totalCents: orderLines.totalCents, estimatedGrams: orderLines.estimatedGrams, taxBps: orderLines.taxBps })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), ne(orderLines.status, 'cancelled')));
  const weighed = live.some((line) => line.estimatedGrams !== null);
  // Weighed goods: the card is authorized for their estimate plus the hold margin, as checkout holds them.
  const held = heldGoods(
    live.map((line) => ({ ...line, soldByWeight: line.estimatedGrams !== null })),
    order.discountCents,
    order.taxIncluded,
  );
  const chargeCents = weighed
    ? held.subtotalCents - order.discountCents + order.deliveryCents + held.addedTaxCents
    : order.priceCents;
  return { ...order, live: live.length, weighed, chargeCents };
}

/**
 * Records, in the caller's transaction, that a subscription order was charged: its payment record takes the
 * provider's payment id and card, so refunds, captures and the shops' transfers find the charge as for any order; a
 * part delivered before the charge is owed its transfer now; the buyer gets the receipt and the shop the order.
 * Answers the transfers to send after commit.
 */
export async function markSubscriptionOrderCharged(
  tx: Tx,
  orderId: string,
  charge: { transactionId: string; cardBrand: string | null; cardLast4: string | null },
): Promise<string[]> {
  const [order] = await tx.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
  await tx.update(customerPayments).set(charge).where(eq(customerPayments.id, order.paymentId));
  await notifyOrderPlaced(tx, orderId);
  return transferDeliveredParts(tx, orderId);
}

/**
 * Cancels every live part of an order that was never charged (a subscription delivery whose charges gave up), in the
 * caller's transaction: stock back, slot places freed, nothing to refund. Answers how many lines it cancelled.
 */
export async function cancelUnchargedOrder(tx: Tx, orderId: string): Promise<number> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  const lines = await tx
    .select({ ...lineColumns, vendorId: orderLines.vendorId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), ne(orderLines.status, 'cancelled')));
  let moved = 0;
  for (const shopId of new Set(lines.map((line) => line.vendorId))) {
    const live = lines.filter((line) => line.vendorId === shopId);
    moved += (await cancelShopPart(tx, orderId, shopId, live, 'vendor_cancelled')).moved;
  }
  await settleOrderStatus(tx, orderId, order.status);
  return moved;
}
