import { and, eq, inArray } from 'drizzle-orm';
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
