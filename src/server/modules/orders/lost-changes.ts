import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { feeRefundKey, lineRefundKey } from './refund-shares.ts';
import { orderLines } from './tables.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LINE_KEY = new RegExp(`^${lineRefundKey(`(${UUID})`)}$`);
const FEE_KEY = new RegExp(`^${feeRefundKey(`(${UUID})`, `(${UUID})`)}$`);

/**
 * After a restore, a refund the provider made for a cancelled line (or a cancelled part's delivery fee) is recorded
 * again, but the cancellation that gave it is lost: the line is live again, and would be delivered and paid to its
 * shop. Answers what a person must do (cancel it again: its refund is then found by its key, not given twice), or null
 * when the order agrees with the refund.
 */
export async function lostCancellation(tx: Tx, refundKey: string): Promise<string | null> {
  const line = LINE_KEY.exec(refundKey);
  if (line) {
    const [live] = await tx
      .select({ orderId: orderLines.orderId, itemName: orderLines.itemName })
      .from(orderLines)
      .where(and(eq(orderLines.id, line[1]), ne(orderLines.status, 'cancelled')));
    return live ? `cancel "${live.itemName}" of order ${live.orderId} again: it is refunded but live` : null;
  }
  const fee = FEE_KEY.exec(refundKey);
  if (fee) {
    const [live] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, fee[1]), eq(orderLines.vendorId, fee[2]), ne(orderLines.status, 'cancelled')));
    return live ? `cancel shop ${fee[2]}'s part of order ${fee[1]} again: its delivery fee is refunded` : null;
  }
  return null;
}
