import { asc, inArray, type SQL, sql } from 'drizzle-orm';
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

/**
 * The refunds of orders that are given back or on their way (not failed), as a relation another module's
 * aggregate can join in SQL (`order_id`, `idempotency_key`, `amount_cents`): what the business no longer keeps.
 */
export function liveOrderRefundsRelation(): SQL {
  return sql`(select ${refunds.orderId} as order_id, ${refunds.idempotencyKey} as idempotency_key,
    ${refunds.amountCents} as amount_cents
    from ${refunds} where ${refunds.orderId} is not null and ${refunds.status} <> 'failed')`;
}
