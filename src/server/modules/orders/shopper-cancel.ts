import { and, eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { combinedStatus, type OrderTracking } from '#contract/fulfilment.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { type PaymentProvider, processCapture, sendPayouts } from '../payments/index.ts';
import { bookSlots, decodeSlotId, releaseBooking } from '../slots/index.ts';
import { cancelTerms } from './cancel-terms.ts';
import {
  cancelShopPart,
  getOrderTracking,
  lineColumns,
  payOutRefunds,
  settleOrderStatus,
  transferDeliveredParts,
} from './fulfilment.ts';
import { notifyPartMoved } from './order-notices.ts';
import { fulfilmentsOfOrders, slotStatesOf } from './queries.ts';
import { subscriptionOrderCancelled, subscriptionOrderMoved } from './subscription-order-cancels.ts';
import { orderFulfilments, orderLines, orders } from './tables.ts';
import { assertWithinHold, captureWhenWeighed } from './weighing.ts';

type Caller = { id: string; role: string };
type Target = { id: string; shopId: string };

/**
 * The caller's order (`id`: the order's or its payment's) locked, with the shop's lines, its booked slot and whether
 * the buyer may still change the part at `now` (cancelTerms): 404 unless the caller is its buyer or an admin and the
 * shop has lines in it. The order row is locked first, so two changes of one order wait for each other.
 */
async function lockBuyersPart(tx: Tx, caller: Caller, target: Target, now: Date) {
  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, status: orders.status })
    .from(orders)
    .where(or(eq(orders.id, target.id), eq(orders.paymentId, target.id)))
    .for('update');
  if (!order || (caller.role !== 'admin' && order.userId !== caller.id)) throw notFound('Order');
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
  return { order, lines, booked };
}

/**
 * The buyer (or an admin) cancels one shop's part of an order while cancelTerms allow it at `now`: its stock and the
 * slot's place come back and what was paid for it, delivery included, is refunded (recorded with the cancellation,
 * paid out right after). Two cancellations at once refund once. Answers the order's steps as they are afterwards.
 */
export async function cancelPartAsBuyer(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  target: Target,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<OrderTracking> {
  const { orderId, refundIds, captureId, transferIds } = await db.transaction(async (tx) => {
    const { order, lines, booked } = await lockBuyersPart(tx, caller, target, now);
    const live = lines.filter((l) => l.status !== 'cancelled');
    const { refundIds } = await cancelShopPart(tx, order.id, target.shopId, live, 'customer_cancelled');
    const move = { orderId: order.id, vendorId: target.shopId, kind: booked?.kind ?? 'shipping', refundIds };
    await notifyPartMoved(tx, { ...move, target: 'cancelled', by: 'shopper' });
    // A subscription delivery's order cancelled whole is that delivery skipped (decision 068).
    if ((await settleOrderStatus(tx, order.id, order.status)) === 'cancelled')
      await subscriptionOrderCancelled(tx, order.id);
    // Weighed goods: cancelling the last pending part decides what the card is charged, and so what the parts
    // delivered before it are owed.
    const captureId = await captureWhenWeighed(tx, order.id);
    return { orderId: order.id, refundIds, captureId, transferIds: await transferDeliveredParts(tx, order.id) };
  });
  await payOutRefunds(db, provider, refundIds, log);
  if (captureId) await processCapture(db, provider, captureId, { log });
  await sendPayouts(db, provider, { transferIds }, { log });
  return getOrderTracking(db, orderId, caller, now);
}

/**
 * The buyer (or an admin) moves one shop's part to another open slot of the same shop and kind, while they may
 * change it (before its ordering closes, or any time once the shop cancelled its date): the new slot's place is
 * booked like at checkout (SLOT_FULL, SLOT_CLOSED), the old one freed. Answers the order's steps afterwards.
 */
export async function movePartAsBuyer(
  db: Db,
  caller: Caller,
  target: Target & { slotId: string },
  now: Date,
): Promise<OrderTracking> {
  const orderId = await db.transaction(async (tx) => {
    const { order, lines, booked } = await lockBuyersPart(tx, caller, target, now);
    if (!booked) throw new AppError('CONFLICT', 'This part has no pickup or delivery time to move');
    const pick = decodeSlotId(target.slotId);
    if (!pick) throw notFound('Slot');
    const shopName = lines[0].shopName;
    // Freed first, so moving to another date of the same window counts this order's place once.
    await releaseBooking(tx, order.id, booked.windowId);
    const [slot] = await bookSlots(
      tx,
      [{ shopId: target.shopId, ...pick, shopName, shopperId: order.userId, orderId: order.id }],
      now,
    );
    if (slot.kind !== booked.kind) {
      throw new AppError('SLOT_CLOSED', `Please choose another ${booked.kind} time at ${shopName}`);
    }
    await assertWithinHold(tx, order.id, target.shopId, new Date(slot.start));
    await tx
      .update(orderFulfilments)
      .set({
        windowId: pick.windowId,
        slotDate: pick.date,
        startsAt: new Date(slot.start),
        endsAt: new Date(slot.end),
        pickupPointName: slot.pickupPoint?.name ?? null,
        pickupPointAddress: slot.pickupPoint?.address ?? null,
      })
      .where(eq(orderFulfilments.id, booked.id));
    // A subscription delivery's order: the delivery follows it, charged at the new slot's cutoff (decision 068).
    await subscriptionOrderMoved(tx, order.id, {
      windowId: pick.windowId,
      slotDate: pick.date,
      startsAt: new Date(slot.start),
      closesAt: new Date(slot.closesAt),
    });
    return order.id;
  });
  return getOrderTracking(db, orderId, caller, now);
}
