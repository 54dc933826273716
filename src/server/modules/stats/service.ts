import { centsToDollars } from '#contract/money.ts';
import type { AdminSeries, AdminStats, StatRange, VendorSales, VendorStats } from '#contract/stats.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { countProducts } from '../catalog/index.ts';
import { orderSeries, orderTotals, vendorSales, vendorSalesTotals } from '../orders/index.ts';
import { membershipRevenueCents } from '../payments/index.ts';
import { countShownReviews } from '../reviews/index.ts';
import { shopOf } from '../shops/index.ts';
import { countActiveAccounts } from '../users/index.ts';
import { bucketsFor } from './time-buckets.ts';

/**
 * The dashboards' figures. Stats owns no table: each figure is the owner module's (orders: sales and what the
 * business kept; catalog: products; users: accounts; payments: memberships; reviews: reviews; shops: the shop).
 */

/** The vendor's figures and shop, computed from its own products and order lines only. */
export async function getVendorStats(db: Tx, vendor: AuthUser): Promise<VendorStats> {
  const [shop, totalProducts, sales] = await Promise.all([
    shopOf(db, vendor.id),
    countProducts(db, { vendorId: vendor.id }),
    vendorSalesTotals(db, vendor.id),
  ]);
  if (!shop) throw notFound('Shop');
  return {
    totalProducts,
    totalOrders: sales.totalOrders,
    totalRevenue: centsToDollars(sales.revenueCents),
    shopOwner: vendor.name,
    shop: shop.name,
    email: vendor.email,
    roll: vendor.role,
    shopAddress: shop.address,
    shopPhone: shop.phone,
    shopImage: shop.image,
    shopEstablished: shop.established,
    membership: shop.membership,
    badge: shop.badge,
  };
}

/** The vendor's sales (lines not cancelled) per day or week of the range, and per product. */
export async function getVendorSales(db: Tx, vendorId: string, range: StatRange): Promise<VendorSales> {
  const b = bucketsFor(range);
  const { series, byProduct } = await vendorSales(db, vendorId, b);
  return {
    range,
    bucket: b.bucket,
    series: series.map(({ revenueCents, ...point }) => ({ ...point, revenue: centsToDollars(revenueCents) })),
    byProduct: byProduct.map(({ revenueCents, ...row }) => ({ ...row, revenue: centsToDollars(revenueCents) })),
  };
}

/**
 * The spec's admin statistics. Customers and vendors count enabled accounts; revenue from customers
 * counts what orders not cancelled kept, net of refunds and cancelled lines; comments count reviews not
 * removed by moderation.
 */
export async function getAdminStats(db: Tx): Promise<AdminStats> {
  const [accounts, orders, vendorCents, totalComments] = await Promise.all([
    countActiveAccounts(db),
    orderTotals(db),
    membershipRevenueCents(db),
    countShownReviews(db),
  ]);
  return {
    totalCustomers: accounts.customer,
    totalOrders: orders.totalOrders,
    totalCustomerPayments: centsToDollars(orders.keptCents),
    totalVendors: accounts.vendor,
    totalVendorPayments: centsToDollars(vendorCents),
    totalComments,
  };
}

/** Orders placed and revenue (what they kept, as in getAdminStats) per day or week of the range. */
export async function getAdminSeries(db: Tx, range: StatRange): Promise<AdminSeries> {
  const b = bucketsFor(range);
  const series = await orderSeries(db, b);
  return {
    range,
    bucket: b.bucket,
    series: series.map(({ date, orders, keptCents }) => ({ date, orders, revenue: centsToDollars(keptCents) })),
  };
}
