import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderLines, orders } from './tables.ts';

/** Whether the product was delivered to the user in one of their orders (who may review it). */
export async function hasDeliveredPurchase(db: Tx, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, productId), eq(orders.userId, userId), eq(orderLines.status, 'delivered')))
    .limit(1);
  return row !== undefined;
}

/** Who bought each of these products (any line status): product id → buyer ids. One query. */
export async function buyersOf(db: Tx, productIds: string[]): Promise<Map<string, Set<string>>> {
  const buyers = new Map<string, Set<string>>();
  if (productIds.length === 0) return buyers;
  const rows = await db
    .selectDistinct({ productId: orderLines.productId, userId: orders.userId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(inArray(orderLines.productId, productIds));
  for (const { productId, userId } of rows) {
    if (!productId) continue;
    buyers.set(productId, (buyers.get(productId) ?? new Set()).add(userId));
  }
  return buyers;
}

/**
 * The products of the user's delivered (or picked-up) order lines, each size or pack once (decision 052: a dozen and
 * a half dozen of eggs are two; a line from before options has none), the latest ordered first: its ids, its name and
 * picture as last bought and when. At most `limit`; one query.
 */
export async function deliveredProductsOf(db: Tx, userId: string, limit: number) {
  const orderedAt = sql<Date>`max(${orders.createdAt})`.mapWith((value: string | Date) => new Date(value));
  const rows = await db
    .select({
      productId: orderLines.productId,
      optionId: orderLines.optionId,
      name: sql<string>`(array_agg(${orderLines.itemName} ORDER BY ${orders.createdAt} DESC))[1]`,
      image: sql<string>`(array_agg(${orderLines.image} ORDER BY ${orders.createdAt} DESC))[1]`,
      orderedAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orderLines.status, 'delivered'), isNotNull(orderLines.productId)))
    .groupBy(orderLines.productId, orderLines.optionId)
    .orderBy(desc(orderedAt), orderLines.productId, orderLines.optionId)
    .limit(limit);
  return rows.map((row) => ({ ...row, productId: row.productId as string }));
}
