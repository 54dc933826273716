import { and, asc, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { refunds } from './tables.ts';

/** A refund as an order reads it. */
export type OrderRefund = Pick<
  typeof refunds.$inferSelect,
  'id' | 'amountCents' | 'reason' | 'status' | 'idempotencyKey' | 'createdAt'
> & { orderId: string };

const columns = {
  id: refunds.id,
  orderId: refunds.orderId,
  amountCents: refunds.amountCents,
  reason: refunds.reason,
  status: refunds.status,
  idempotencyKey: refunds.idempotencyKey,
  createdAt: refunds.createdAt,
};

const withOrder = (rows: (Omit<OrderRefund, 'orderId'> & { orderId: string | null })[]): OrderRefund[] =>
  rows.flatMap((row) => (row.orderId ? [{ ...row, orderId: row.orderId }] : []));

/** The refunds of these orders (any status), oldest first. */
export async function refundsOfOrders(db: Tx, orderIds: string[]): Promise<OrderRefund[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return withOrder(rows);
}

/** Every refund of an order that is given back or on its way (not failed): what the business no longer keeps. */
export async function liveOrderRefunds(db: Tx): Promise<OrderRefund[]> {
  const rows = await db
    .select(columns)
    .from(refunds)
    .where(and(isNotNull(refunds.orderId), ne(refunds.status, 'failed')));
  return withOrder(rows);
}
