import { inArray } from 'drizzle-orm';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import type { Tx } from '../../db/client.ts';
import { orders } from './tables.ts';

/** The FS- number and the day placed of these orders, by order id. */
export async function orderHeadsOf(
  db: Tx,
  orderIds: string[],
): Promise<Map<string, { orderNumber: string; createdAt: Date; paymentId: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      paymentId: orders.paymentId,
    })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(
    rows.map((row) => [
      row.id,
      { orderNumber: formatOrderNumber(row.orderNumber), createdAt: row.createdAt, paymentId: row.paymentId },
    ]),
  );
}

/** The FS- numbers of these orders, by order id. */
export async function orderNumbersOf(db: Tx, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((row) => [row.id, formatOrderNumber(row.orderNumber)]));
}
