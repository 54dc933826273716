import { and, count, countDistinct, eq, gte, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { liveOrderRefunds } from '../payments/index.ts';
import { lineRefundKey } from './refund-shares.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/**
 * The time buckets of a chart, as stats builds them (`bucketsFor`): where the range starts, every bucket start
 * as a FROM item `b(start)`, and the bucket start of a timestamptz column.
 */
export type SalesBuckets = { from: SQL; series: SQL; startOf: (column: SQL) => SQL };

/** A vendor's order count (orders holding its lines) and revenue (its lines not cancelled), in cents. */
export async function vendorSalesTotals(db: Tx, vendorId: string) {
  const [{ totalOrders }] = await db
    .select({ totalOrders: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .where(eq(orderLines.vendorId, vendorId));
  const [{ revenueCents }] = await db
    .select({ revenueCents: sql`coalesce(sum(${orderLines.totalCents}), 0)`.mapWith(Number) })
    .from(orderLines)
    .where(and(eq(orderLines.vendorId, vendorId), ne(orderLines.status, 'cancelled')));
  return { totalOrders, revenueCents };
}

const seriesRow = z.object({ date: z.string(), revenueCents: z.number(), orders: z.number(), units: z.number() });
const productSalesRow = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  revenueCents: z.number(),
  units: z.number(),
});

/** A vendor's sales (lines not cancelled) per bucket, every bucket of the range, and its 12 best products. */
export async function vendorSales(db: Tx, vendorId: string, b: SalesBuckets) {
  const inRange = sql`l.vendor_id = ${vendorId} and l.status <> 'cancelled' and l.created_at >= ${b.from}`;
  const series = await db.execute(sql`
    with s as (
      select ${b.startOf(sql`l.created_at`)} as start,
             sum(l.total_cents) as revenue, count(distinct l.order_id) as orders, sum(l.amount) as units
      from ${orderLines} l where ${inRange}
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as date,
           coalesce(s.revenue, 0)::float8 as "revenueCents", coalesce(s.orders, 0)::int as orders,
           coalesce(s.units, 0)::int as units
    from ${b.series} left join s on s.start = b.start
    order by b.start`);
  const byProduct = await db.execute(sql`
    select l.product_id as "productId", max(l.item_name) as name,
           sum(l.total_cents)::float8 as "revenueCents", sum(l.amount)::int as units
    from ${orderLines} l where ${inRange}
    group by l.product_id, case when l.product_id is null then l.item_name end
    order by "revenueCents" desc, name
    limit 12`);
  return { series: parseRows(seriesRow, series.rows), byProduct: parseRows(productSalesRow, byProduct.rows) };
}

/**
 * What the business kept of each order: the charge less its refunds (pending or given back), and less what was
 * paid for any cancelled line no refund covers (orders recorded without a card payment of ours, e.g. demo
 * data: the line's share of the charge, rounded down). `since` limits it to orders placed from then on.
 */
async function keptByOrder(db: Tx, since: SQL | null, b?: SalesBuckets) {
  const placed = since ? gte(orders.createdAt, sql`${since}`) : undefined;
  const [rows, cancelledLines, refunds] = await Promise.all([
    db
      .select({
        id: orders.id,
        cancelled: sql<boolean>`${orders.status} = 'cancelled'`,
        date: b ? sql<string>`to_char(${b.startOf(sql`${orders.createdAt}`)}, 'YYYY-MM-DD')` : sql<string>`''`,
        priceCents: customerPayments.priceCents,
        subtotalCents: customerPayments.subtotalCents,
      })
      .from(orders)
      .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
      .where(placed),
    db
      .select({ id: orderLines.id, orderId: orderLines.orderId, totalCents: orderLines.totalCents })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.status, 'cancelled'), placed)),
    liveOrderRefunds(db),
  ]);
  const refundedKeys = new Set(refunds.map((r) => r.idempotencyKey));
  const lost = new Map<string, number>();
  for (const refund of refunds) lost.set(refund.orderId, (lost.get(refund.orderId) ?? 0) + refund.amountCents);
  const order = new Map(rows.map((row) => [row.id, row]));
  for (const line of cancelledLines) {
    const row = order.get(line.orderId);
    if (!row || row.subtotalCents === 0 || refundedKeys.has(lineRefundKey(line.id))) continue;
    const share = Number((BigInt(line.totalCents) * BigInt(row.priceCents)) / BigInt(row.subtotalCents));
    lost.set(line.orderId, (lost.get(line.orderId) ?? 0) + share);
  }
  return rows.map((row) => ({ ...row, keptCents: row.priceCents - (lost.get(row.id) ?? 0) }));
}

const keptOf = (rows: { cancelled: boolean; keptCents: number }[]) =>
  rows.reduce((sum, row) => (row.cancelled ? sum : sum + row.keptCents), 0);

/** Every order placed, and what the orders not cancelled kept (see keptByOrder), in cents. */
export async function orderTotals(db: Tx) {
  const [[{ totalOrders }], kept] = await Promise.all([
    db.select({ totalOrders: count() }).from(orders),
    keptByOrder(db, null),
  ]);
  return { totalOrders, keptCents: keptOf(kept) };
}

/** Orders placed and what those not cancelled kept, per bucket, every bucket of the range, oldest first. */
export async function orderSeries(db: Tx, b: SalesBuckets) {
  const [starts, kept] = await Promise.all([
    db.execute(sql`select to_char(b.start, 'YYYY-MM-DD') as date from ${b.series} order by b.start`),
    keptByOrder(db, b.from, b),
  ]);
  return parseRows(z.object({ date: z.string() }), starts.rows).map(({ date }) => {
    const inBucket = kept.filter((row) => row.date === date);
    return { date, orders: inBucket.length, keptCents: keptOf(inBucket) };
  });
}
