import { and, countDistinct, eq, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { liveOrderRefundsRelation } from '../payments/index.ts';
import { chargedPayment } from './charged.ts';
import { lineRefundKey } from './refund-shares.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/**
 * The time buckets of a chart, as stats builds them (`bucketsFor`): where the range starts, every bucket start
 * as a FROM item `b(start)`, and the bucket start of a timestamptz column.
 */
export type SalesBuckets = { from: SQL; series: SQL; startOf: (column: SQL) => SQL };

/** Lines of orders charged (a subscription order counts from its charge at the cutoff), as a raw condition on `l`. */
const chargedLine = sql`exists (select 1 from ${orders} o2 join ${customerPayments} p2 on p2.id = o2.payment_id
  where o2.id = l.order_id and ${chargedPayment(sql`p2.transaction_id`)})`;

/** A vendor's order count (orders holding its lines) and revenue (its charged lines not cancelled), in cents. */
export async function vendorSalesTotals(db: Tx, vendorId: string) {
  const [{ totalOrders }] = await db
    .select({ totalOrders: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .where(eq(orderLines.vendorId, vendorId));
  const [{ revenueCents }] = await db
    .select({ revenueCents: sql`coalesce(sum(${orderLines.totalCents}), 0)`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(
      and(
        eq(orderLines.vendorId, vendorId),
        ne(orderLines.status, 'cancelled'),
        chargedPayment(customerPayments.transactionId),
      ),
    );
  return { totalOrders, revenueCents };
}

const seriesRow = z.object({ date: z.string(), revenueCents: z.number(), orders: z.number(), units: z.number() });
const productSalesRow = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  revenueCents: z.number(),
  units: z.number(),
});

/**
 * A vendor's sales (lines not cancelled) per bucket, every bucket of the range, and its 12 best products, each size
 * or pack apart (decision 052: a dozen's units and a half dozen's do not add up; names read "Eggs — Dozen").
 */
export async function vendorSales(db: Tx, vendorId: string, b: SalesBuckets) {
  const inRange = sql`l.vendor_id = ${vendorId} and l.status <> 'cancelled' and l.created_at >= ${b.from} and ${chargedLine}`;
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
    group by l.product_id, l.option_id, case when l.product_id is null then l.item_name end
    order by "revenueCents" desc, name
    limit 12`);
  return { series: parseRows(seriesRow, series.rows), byProduct: parseRows(productSalesRow, byProduct.rows) };
}

/**
 * What the business kept of order `o` paid by `p`: the charge less its refunds (pending or given back), and less
 * what was paid for any cancelled line no refund covers (orders recorded without a card payment of ours, e.g.
 * demo data: the line's share of the charge, rounded down).
 */
function keptCents(): SQL {
  const live = liveOrderRefundsRelation();
  return sql`(p.price_cents
    - coalesce((select sum(r.amount_cents) from ${live} r where r.order_id = o.id), 0)
    - coalesce((select sum(l.total_cents::bigint * p.price_cents / nullif(p.subtotal_cents, 0))
        from ${orderLines} l
        where l.order_id = o.id and l.status = 'cancelled' and not exists (
          select 1 from ${live} r where r.idempotency_key = ${lineRefundKey('')} || l.id::text)), 0))`;
}

const totalsRow = z.object({ totalOrders: z.number(), keptCents: z.number() });

/** Every order placed, and what the orders not cancelled kept (see keptCents), in cents. */
export async function orderTotals(db: Tx) {
  const result = await db.execute(sql`
    select count(*)::int as "totalOrders",
           coalesce(sum(${keptCents()}) filter (where o.status <> 'cancelled' and ${chargedPayment(sql`p.transaction_id`)}), 0)::float8 as "keptCents"
    from ${orders} o join ${customerPayments} p on p.id = o.payment_id`);
  return parseRows(totalsRow, result.rows)[0];
}

const orderSeriesRow = z.object({ date: z.string(), orders: z.number(), keptCents: z.number() });

/** Orders placed and what those not cancelled kept, per bucket, every bucket of the range, oldest first. */
export async function orderSeries(db: Tx, b: SalesBuckets) {
  const result = await db.execute(sql`
    with s as (
      select ${b.startOf(sql`o.created_at`)} as start, count(*) as orders,
             sum(${keptCents()}) filter (where o.status <> 'cancelled' and ${chargedPayment(sql`p.transaction_id`)}) as kept
      from ${orders} o join ${customerPayments} p on p.id = o.payment_id
      where o.created_at >= ${b.from}
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as date, coalesce(s.orders, 0)::int as orders,
           coalesce(s.kept, 0)::float8 as "keptCents"
    from ${b.series} left join s on s.start = b.start
    order by b.start`);
  return parseRows(orderSeriesRow, result.rows);
}
