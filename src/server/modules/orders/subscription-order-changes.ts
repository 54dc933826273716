import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { orderTax } from '#contract/tax.ts';
import type { Tx } from '../../db/client.ts';
import { commissionForOrder } from '../payments/index.ts';
import { lineColumns } from './fulfilment.ts';
import type { NewOrder } from './record-order.ts';
import { customerPayments, orderFulfilments, orderLines, orders } from './tables.ts';

/** A line as a subscription delivery's order takes it (checkout's line, without the order). */
export type ChangedLine = NewOrder['lines'][number];

const lineValues = ({ saving, pack, ...line }: ChangedLine) => ({
  ...line,
  packLabel: pack?.label ?? null,
  netQuantity: pack?.netQuantity ?? null,
  netUnit: pack?.netUnit ?? null,
  saving: saving?.kind ?? null,
  savingPercent: saving?.percent ?? null,
  listPriceCents: saving?.listPriceCents ?? null,
  totalCents: line.totalCents ?? line.unitPriceCents * line.amount,
});

/**
 * A subscription delivery's order as its shopper changes it before the charge (issue 37 item 3), the order row locked:
 * its money, its live lines (`planPart`: a plan line the deliveries job recorded or a swap replaced, not a one-off
 * the shopper added), its booked slot, and whether it is charged already (its payment names the provider's charge).
 */
export async function subscriptionOrderForChange(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      subtotalCents: customerPayments.subtotalCents,
      discountCents: customerPayments.discountCents,
      deliveryCents: customerPayments.deliveryCents,
      priceCents: customerPayments.priceCents,
      taxCents: customerPayments.taxCents,
      taxIncluded: customerPayments.taxIncluded,
      transactionId: customerPayments.transactionId,
    })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!order) throw new Error(`No order ${orderId}`);
  const lines = await tx
    .select({
      ...lineColumns,
      vendorId: orderLines.vendorId,
      shopName: orderLines.shopName,
      optionLabel: orderLines.optionLabel,
      taxBps: orderLines.taxBps,
      planPart: sql<boolean>`NOT ${orderLines.oneOff}`,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), ne(orderLines.status, 'cancelled')))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.itemName), asc(orderLines.id));
  const [fulfilment] = await tx
    .select({
      id: orderFulfilments.id,
      shopId: orderFulfilments.shopId,
      windowId: orderFulfilments.windowId,
      slotDate: orderFulfilments.slotDate,
      feeCents: orderFulfilments.feeCents,
    })
    .from(orderFulfilments)
    .where(eq(orderFulfilments.orderId, orderId));
  return { ...order, charged: !order.transactionId.startsWith('subscription:'), lines, fulfilment };
}

/** Adds a one-off line to the order (its shop's commission rate as now); answers the line's id. */
export async function addOrderLine(tx: Tx, orderId: string, line: ChangedLine): Promise<string> {
  const commission = await commissionForOrder(tx, [line.vendorId]);
  const [added] = await tx
    .insert(orderLines)
    .values({
      ...lineValues(line),
      orderId,
      status: 'pending',
      oneOff: true,
      commissionBps: commission.bpsOf(line.vendorId),
    })
    .returning({ id: orderLines.id });
  return added.id;
}

/** Puts another option in a pending line of the order (a swap): the line keeps its place and its plan part. */
export async function replaceOrderLine(tx: Tx, orderId: string, lineId: string, line: ChangedLine): Promise<void> {
  await tx
    .update(orderLines)
    .set(lineValues(line))
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId), eq(orderLines.status, 'pending')));
}

/** Takes a line out of an order never charged (nothing was paid for it; the caller gives its stock back). */
export async function removeOrderLine(tx: Tx, orderId: string, lineId: string): Promise<void> {
  await tx.delete(orderLines).where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
}

/**
 * Prices the order afresh from its live lines, with this discount and delivery fee: each line's tax as checkout
 * computes it (orderTax), the payment's subtotal, discount, fee, tax and price, and the shop part's fee. The charge
 * at the cutoff takes the payment's price (or the weighed hold from the lines), so it charges what this writes.
 */
export async function repriceOrder(tx: Tx, orderId: string, money: { discountCents: number; deliveryCents: number }) {
  const [order] = await tx
    .select({ paymentId: orders.paymentId, taxIncluded: customerPayments.taxIncluded })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  const live = await tx
    .select({ id: orderLines.id, totalCents: orderLines.totalCents, taxBps: orderLines.taxBps })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), ne(orderLines.status, 'cancelled')));
  const subtotal = live.reduce((sum, line) => sum + line.totalCents, 0);
  const discount = Math.min(money.discountCents, subtotal);
  const tax = orderTax(live, discount, order.taxIncluded);
  for (const [index, line] of live.entries())
    await tx.update(orderLines).set({ taxCents: tax.taxCents[index] }).where(eq(orderLines.id, line.id));
  await tx
    .update(customerPayments)
    .set({
      subtotalCents: subtotal,
      discountCents: discount,
      deliveryCents: money.deliveryCents,
      taxCents: tax.totalCents,
      priceCents: subtotal - discount + money.deliveryCents + tax.addedCents,
    })
    .where(eq(customerPayments.id, order.paymentId));
  await tx.update(orderFulfilments).set({ feeCents: money.deliveryCents }).where(eq(orderFulfilments.orderId, orderId));
}

/** Moves the order's booked slot (its one shop part) to another time; the caller has booked the new place. */
export async function moveOrderSlot(
  tx: Tx,
  orderId: string,
  slot: {
    windowId: string;
    slotDate: string;
    startsAt: Date;
    endsAt: Date;
    pickupPoint: { name: string; address: string } | null;
  },
) {
  await tx
    .update(orderFulfilments)
    .set({
      windowId: slot.windowId,
      slotDate: slot.slotDate,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      pickupPointName: slot.pickupPoint?.name ?? null,
      pickupPointAddress: slot.pickupPoint?.address ?? null,
    })
    .where(eq(orderFulfilments.orderId, orderId));
}
