import { and, count, countDistinct, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { centsToDollars } from '#contract/money.ts';
import type { AdminSeries, AdminStats, StatRange, VendorSales, VendorStats } from '#contract/stats.ts';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { products } from '../catalog/tables.ts';
import { lineRefundKey } from '../orders/refund-shares.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import { refunds, vendorPayments } from '../payments/tables.ts';
import { comments } from '../reviews/tables.ts';
import { users } from '../users/tables.ts';
import { bucketsFor } from './time-buckets.ts';

/** The vendor's figures and shop, computed from its own products and order lines only. */
export async function getVendorStats(db: Tx, vendorId: string): Promise<VendorStats> {
  const [vendor] = await db.select().from(users).where(eq(users.id, vendorId));
  if (!vendor?.shopName || !vendor.membership) throw notFound('Shop');
  const [{ totalProducts }] = await db
    .select({ totalProducts: count() })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.listed, true)));
  const [{ totalOrders }] = await db
    .select({ totalOrders: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .where(eq(orderLines.vendorId, vendorId));
  const [{ revenueCents }] = await db
    .select({ revenueCents: sql`coalesce(sum(${orderLines.totalCents}), 0)`.mapWith(Number) })
    .from(orderLines)
    .where(and(eq(orderLines.vendorId, vendorId), ne(orderLines.status, 'cancelled')));
  return {
    totalProducts,
    totalOrders,
    totalRevenue: centsToDollars(revenueCents),
    shopOwner: vendor.name,
    shop: vendor.shopName,
    email: vendor.email,
    roll: vendor.roll,
    shopAddress: vendor.shopAddress,
    shopPhone: vendor.shopPhone,
    shopImage: vendor.shopImage,
    shopEstablished: vendor.shopEstablished,
    membership: vendor.membership,
    badge: vendor.badge,
  };
}

const seriesRow = z.object({ date: z.string(), revenue: z.number(), orders: z.number(), units: z.number() });
const productSalesRow = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  revenue: z.number(),
  units: z.number(),
});
const adminRow = z.object({
  totalCustomers: z.number(),
  totalOrders: z.number(),
  customerCents: z.number(),
  totalVendors: z.number(),
  vendorCents: z.number(),
  totalComments: z.number(),
});
const adminSeriesRow = z.object({ date: z.string(), orders: z.number(), revenue: z.number() });

/** The vendor's sales (lines not cancelled) per day or week of the range, and per product. */
export async function getVendorSales(db: Tx, vendorId: string, range: StatRange): Promise<VendorSales> {
  const b = bucketsFor(range);
  const inRange = sql`l.vendor_id = ${vendorId} and l.status <> 'cancelled' and l.created_at >= ${b.from}`;
  const series = await db.execute(sql`
    with s as (
      select ${b.startOf(sql`l.created_at`)} as start,
             sum(l.total_cents) as revenue, count(distinct l.order_id) as orders, sum(l.amount) as units
      from order_lines l where ${inRange}
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as date,
           coalesce(s.revenue, 0)::float8 as revenue, coalesce(s.orders, 0)::int as orders,
           coalesce(s.units, 0)::int as units
    from ${b.series} left join s on s.start = b.start
    order by b.start`);
  const byProduct = await db.execute(sql`
    select l.product_id as "productId", max(l.item_name) as name,
           sum(l.total_cents)::float8 as revenue, sum(l.amount)::int as units
    from order_lines l where ${inRange}
    group by l.product_id, case when l.product_id is null then l.item_name end
    order by revenue desc, name
    limit 12`);
  return {
    range,
    bucket: b.bucket,
    series: parseRows(seriesRow, series.rows).map((r) => ({ ...r, revenue: centsToDollars(r.revenue) })),
    byProduct: parseRows(productSalesRow, byProduct.rows).map((r) => ({ ...r, revenue: centsToDollars(r.revenue) })),
  };
}

/**
 * What the business keeps of order `o` paid by `p`: the charge less its refunds (pending or given back),
 * and less what was paid for any cancelled line no refund covers (orders recorded without a card payment
 * of ours, e.g. demo data: the line's share of the charge, rounded down).
 */
const KEPT_CENTS = sql`(p.price_cents
  - coalesce((select sum(r.amount_cents) from ${refunds} r where r.order_id = o.id and r.status <> 'failed'), 0)
  - coalesce((select sum(l.total_cents::bigint * p.price_cents / nullif(p.subtotal_cents, 0))
      from ${orderLines} l
      where l.order_id = o.id and l.status = 'cancelled' and not exists (
        select 1 from ${refunds} r
        where r.idempotency_key = ${lineRefundKey('')} || l.id::text and r.status <> 'failed')), 0))`;

/**
 * The spec's admin statistics. Customers and vendors count enabled accounts; revenue from customers
 * counts what orders not cancelled kept, net of refunds and cancelled lines; comments count reviews not
 * removed by moderation.
 */
export async function getAdminStats(db: Tx): Promise<AdminStats> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${users} where roll = 'customer' and disabled_at is null)::int as "totalCustomers",
      (select count(*) from ${orders})::int as "totalOrders",
      (select coalesce(sum(${KEPT_CENTS}), 0) from ${customerPayments} p join ${orders} o on o.payment_id = p.id
        where o.status <> 'cancelled')::float8
        as "customerCents",
      (select count(*) from ${users} where roll = 'vendor' and disabled_at is null)::int as "totalVendors",
      (select coalesce(sum(price_cents), 0) from ${vendorPayments})::float8 as "vendorCents",
      (select count(*) from ${comments} where status <> 'removed')::int as "totalComments"`);
  const [row] = parseRows(adminRow, result.rows);
  return {
    totalCustomers: row.totalCustomers,
    totalOrders: row.totalOrders,
    totalCustomerPayments: centsToDollars(row.customerCents),
    totalVendors: row.totalVendors,
    totalVendorPayments: centsToDollars(row.vendorCents),
    totalComments: row.totalComments,
  };
}

/** Orders placed and revenue (what they kept, as in getAdminStats) per day or week of the range. */
export async function getAdminSeries(db: Tx, range: StatRange): Promise<AdminSeries> {
  const b = bucketsFor(range);
  const series = await db.execute(sql`
    with s as (
      select ${b.startOf(sql`o.created_at`)} as start, count(*) as orders,
             sum(${KEPT_CENTS}) filter (where o.status <> 'cancelled') as revenue
      from orders o join customer_payments p on p.id = o.payment_id
      where o.created_at >= ${b.from}
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as date, coalesce(s.orders, 0)::int as orders,
           coalesce(s.revenue, 0)::float8 as revenue
    from ${b.series} left join s on s.start = b.start
    order by b.start`);
  return {
    range,
    bucket: b.bucket,
    series: parseRows(adminSeriesRow, series.rows).map((r) => ({ ...r, revenue: centsToDollars(r.revenue) })),
  };
}
