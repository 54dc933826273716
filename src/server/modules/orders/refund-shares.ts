import { paidShares } from '#contract/shares.ts';
import { weighedCents } from '#contract/weighed.ts';

export { paidShares };

type PricedLine = { estimatedGrams: number | null; unitPriceCents: number; totalCents: number };

/** A weighed line's price at its estimate (its unit price is per kg), any other line's total. */
export const estimateCents = (line: PricedLine) =>
  line.estimatedGrams === null ? line.totalCents : weighedCents(line.estimatedGrams, line.unitPriceCents);

/**
 * What the buyer paid for each charged line's goods, out of `goodsCents` (the charge less delivery and added tax).
 * A captured hold (weighed goods, decision 038): each line's total less its share of the discount given, the discount
 * split by the lines' estimates, so a line's share never follows another line's weight; should a line weigh less
 * than its share of the discount, the charge is split by totals instead. Any other payment: split by totals.
 */
export function goodsShares(lines: PricedLine[], goodsCents: number, captured: boolean): number[] {
  const totals = lines.map((line) => line.totalCents);
  const discount = totals.reduce((sum, total) => sum + total, 0) - goodsCents;
  if (captured && discount >= 0) {
    const discounts = paidShares(lines.map(estimateCents), discount);
    const shares = totals.map((total, index) => total - discounts[index]);
    const whole = shares.reduce((sum, share) => sum + share, 0) === goodsCents;
    if (whole && shares.every((share) => share >= 0)) return shares;
  }
  return paidShares(totals, goodsCents);
}

/**
 * The order's lines the charge paid for, from all its lines in the order they were sold. A captured authorization
 * (weighed goods) paid only for the lines live at its capture: lines cancelled before it (cancelled, not being
 * cancelled now, never refunded) take no share.
 */
export function chargedOf<L extends { id: string; status: string }>(
  lines: L[],
  captured: boolean,
  cancellingNow: Set<string>,
  refundKeys: Set<string>,
): L[] {
  if (!captured) return lines;
  return lines.filter(
    (line) => line.status !== 'cancelled' || cancellingNow.has(line.id) || refundKeys.has(lineRefundKey(line.id)),
  );
}

/** The idempotency key of the refund of one cancelled order line: a line is refunded at most once. */
export const lineRefundKey = (lineId: string) => `vendor_cancelled:${lineId}`;

/** The idempotency key of the refund of a shop's delivery fee when its part of an order is cancelled. */
export const feeRefundKey = (orderId: string, shopId: string) => `delivery_fee:${orderId}:${shopId}`;

/** The idempotency keys of the refunds an admin gives for a shop's delivered part start with this (then a count). */
export const partRefundPrefix = (orderId: string, shopId: string) => `after_delivery:${orderId}:${shopId}:`;

/** The keys of the refunds the order desk gives for one line of a shop's delivered part start with this. */
export const lineRefundPrefix = (orderId: string, shopId: string, lineId: string) =>
  `${partRefundPrefix(orderId, shopId)}line:${lineId}:`;

/**
 * The key of a refund the order desk gives for a delivered part, or one of its lines: the admin's key for it (one
 * per refund meant), so asking twice gives it once.
 */
export const deskRefundKey = (orderId: string, shopId: string, lineId: string | undefined, key: string) =>
  lineId ? `${lineRefundPrefix(orderId, shopId, lineId)}${key}` : `${partRefundPrefix(orderId, shopId)}desk:${key}`;

/** The line a desk refund gave back, from its key; null for a refund of a whole part or any other refund. */
export const lineOfRefundKey = (key: string) => /^after_delivery:[^:]+:[^:]+:line:([^:]+):/.exec(key)?.[1] ?? null;
