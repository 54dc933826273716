export { paidShares } from '#contract/shares.ts';

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
