import { and, eq, isNotNull } from 'drizzle-orm';
import { type HandoverKind, STEP_LABELS, type VendorOrder } from '#contract/fulfilment.ts';
import { centsToDollars } from '#contract/money.ts';
import { lineTaxCents } from '#contract/tax.ts';
import {
  gramsLabel,
  maxChargedGrams,
  overBoundMessage,
  WEIGHED_BOOKING_DAYS,
  WEIGHED_TOO_FAR,
  weighedLineCents,
} from '#contract/weighed.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { awaitingCapture, findIntent, requestCapture } from '../payments/index.ts';
import { orderCost, paymentOfOrder } from './order-money.ts';
import { notifyOrderCharged } from './order-notices.ts';
import { goodsShares, paidShares } from './refund-shares.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

type WeighedLine = { itemName: string; estimatedGrams: number | null; actualGrams: number | null };

/**
 * Refuses to move a shop's part out of pending while one of its weighed lines has no actual weight: what the shopper
 * is charged is only known once every weighed line is weighed.
 */
export function assertWeighed(lines: WeighedLine[], kind: HandoverKind, target: string) {
  const missing = lines.find((line) => line.estimatedGrams !== null && line.actualGrams === null);
  if (!missing) return;
  const step = STEP_LABELS[kind][target as keyof (typeof STEP_LABELS)[HandoverKind]] ?? target;
  throw new AppError(
    'WEIGHT_REQUIRED',
    `Weigh ${missing.itemName} before marking it ${step.toLowerCase()}: the shopper is charged by its actual weight`,
  );
}

/**
 * Refuses a slot starting more than WEIGHED_BOOKING_DAYS after the order was paid for a shop's part with weighed goods
 * while the card is only held: the hold would lapse before they are weighed. Other parts move freely.
 */
export async function assertWithinHold(tx: Tx, orderId: string, shopId: string, slotStart: Date) {
  const [weighed] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, shopId), isNotNull(orderLines.estimatedGrams)))
    .limit(1);
  if (!weighed) return;
  const payment = await paymentOfOrder(tx, orderId);
  // Only an authorized payment (weighed goods) has a hold; it was seen paid at paidAt, on the app's clock.
  const intent = await findIntent(tx, payment.provider, payment.transactionId);
  if (intent?.captureMethod !== 'manual' || !(await awaitingCapture(tx, intent.id))) return;
  const paidAt = intent.paidAt ?? intent.createdAt;
  if (slotStart.getTime() > paidAt.getTime() + WEIGHED_BOOKING_DAYS * 86_400_000) {
    throw new AppError('SLOT_CLOSED', WEIGHED_TOO_FAR);
  }
}

type Cost = Awaited<ReturnType<typeof orderCost>>;

/**
 * The tax of each live line once the charge is known (`capturedCents`, capped at the card hold): with prices that
 * include tax, the tax in each line's share of the goods charged; otherwise the tax asked for, less what the hold
 * capped: the goods are charged whole (no line can exceed its share of the hold, decision 038), so a cap only ever
 * comes from the hold's tax rounding and comes off the tax, never off a shop's goods. Answers the taxes in the live
 * lines' order.
 */
function capturedTax(cost: Cost, capturedCents: number, taxIncluded: boolean): number[] {
  const goodsAndTax = Math.max(0, capturedCents - cost.deliveryCents);
  if (taxIncluded) {
    const shares = goodsShares(cost.live, goodsAndTax, true);
    return shares.map((share, index) => lineTaxCents(share, cost.live[index].taxBps, true));
  }
  const goods = cost.subtotalCents - cost.discountCents;
  return paidShares(cost.taxCents, Math.min(cost.addedTaxCents, Math.max(0, goodsAndTax - goods)));
}

/**
 * In the transaction that moved a shop's part (the order row locked): once the order's payment is only authorized
 * and no live part is pending any more, records its one capture, of what the order now costs capped at the
 * authorized amount (nothing when every part was cancelled: the authorization is then cancelled), and records that
 * charge as the order's price. Answers the capture to make after commit, or null.
 */
export async function captureWhenWeighed(tx: Tx, orderId: string): Promise<string | null> {
  const payment = await paymentOfOrder(tx, orderId);
  const intent = await findIntent(tx, payment.provider, payment.transactionId);
  if (!intent || !(await awaitingCapture(tx, intent.id))) return null;
  const cost = await orderCost(tx, orderId, payment.discountCents, payment.taxIncluded);
  if (cost.pending) return null;
  const wantedCents = cost.subtotalCents - cost.discountCents + cost.deliveryCents + cost.addedTaxCents;
  const capture = await requestCapture(tx, { paymentIntentId: intent.id, orderId, wantedCents });
  const taxes = capturedTax(cost, capture.amountCents, payment.taxIncluded);
  const taxOf = new Map(cost.live.map((line, index) => [line.id, taxes[index]]));
  // Lines cancelled before the capture were never charged: no tax.
  const lines = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
  for (const line of lines) {
    await tx
      .update(orderLines)
      .set({ taxCents: taxOf.get(line.id) ?? 0 })
      .where(eq(orderLines.id, line.id));
  }
  await tx
    .update(customerPayments)
    .set({
      subtotalCents: cost.subtotalCents,
      discountCents: cost.discountCents,
      deliveryCents: cost.deliveryCents,
      taxCents: taxes.reduce((sum, tax) => sum + tax, 0),
      priceCents: capture.amountCents,
    })
    .where(eq(customerPayments.id, payment.id));
  await notifyOrderCharged(tx, orderId);
  return capture.id;
}

/**
 * PUT /vendor/orders/:orderId/lines/:lineId/weight: the shop's vendor enters what a weighed line really weighs while
 * its part is pending; the line is then priced by it. A weight over the line's estimate plus the hold margin is
 * refused with the bound (decision 038). Another shop's line is not found.
 */
export async function weighLine(
  db: Db,
  vendorId: string,
  orderId: string,
  lineId: string,
  grams: number,
): Promise<VendorOrder['lines'][number]> {
  return db.transaction(async (tx) => {
    // The order row first, as moving a part does: a weight never lands after the part left pending.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId), eq(orderLines.vendorId, vendorId)));
    if (!line) throw notFound('Order line');
    if (line.estimatedGrams === null) {
      throw badRequest(`${line.itemName} is not sold by weight`, { grams: 'This product is not sold by weight' });
    }
    if (line.status !== 'pending') {
      throw conflict(`${line.itemName} is ${line.status}: its weight (${gramsLabel(line.actualGrams ?? 0)}) is final`);
    }
    if (grams > maxChargedGrams(line.estimatedGrams)) {
      const message = overBoundMessage(line.estimatedGrams);
      throw badRequest(message, { grams: message });
    }
    const [weighed] = await tx
      .update(orderLines)
      .set({ actualGrams: grams, totalCents: weighedLineCents(grams, line.estimatedGrams, line.unitPriceCents) })
      .where(eq(orderLines.id, line.id))
      .returning();
    return {
      _id: weighed.id,
      productId: weighed.productId,
      itemName: weighed.itemName,
      image: weighed.image,
      amount: weighed.amount,
      unitPrice: centsToDollars(weighed.unitPriceCents),
      totalPrice: centsToDollars(weighed.totalCents),
      status: weighed.status,
      estimatedGrams: weighed.estimatedGrams,
      actualGrams: weighed.actualGrams,
      commissionPercent: weighed.commissionBps / 100,
    };
  });
}
