import { z } from 'zod';
import { shop } from './shops.ts';

/** Ranges of the sales and admin charts: short ones by day, long ones by week. */
export const STAT_RANGES = ['7d', '30d', '90d', '365d'] as const;
export type StatRange = (typeof STAT_RANGES)[number];
export const RANGE_LABELS: Record<StatRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 12 months',
};
export const rangeQuery = z.object({
  range: z.enum(STAT_RANGES, { error: 'Range must be 7d, 30d, 90d or 365d' }).default('30d'),
});

/** The shop's profile fields, as the storefront's shop (shops.ts) defines them. */
const profile = shop.shape;

/** What /dashboard/vendorHome shows (the shop's profile under the dashboard's names); money in dollars. */
export const vendorStats = z.object({
  totalProducts: z.number().int(),
  totalOrders: z.number().int(),
  /** Sum of the vendor's own order lines that were not cancelled. */
  totalRevenue: z.number(),
  shopOwner: profile.name,
  shop: profile.shop,
  /** The vendor's own sign-in (this is the vendor's own home; the public shop has no e-mail, decision 050). */
  email: z.string(),
  roll: z.string(),
  shopAddress: profile.address,
  shopPhone: profile.phone,
  shopImage: profile.image,
  shopEstablished: profile.date,
  membership: profile.membership,
  badge: profile.badge,
});
export type VendorStats = z.infer<typeof vendorStats>;

export const salesPoint = z.object({
  /** First day of the bucket, YYYY-MM-DD (UTC). */
  date: z.string(),
  revenue: z.number(),
  orders: z.number().int(),
  units: z.number().int(),
});
/** What every chart answers first: its range and whether a point is a day or a week. */
const chartRange = z.object({ range: z.enum(STAT_RANGES), bucket: z.enum(['day', 'week']) });

export const vendorSales = chartRange.extend({
  series: z.array(salesPoint),
  byProduct: z.array(
    z.object({ productId: z.string().nullable(), name: z.string(), revenue: z.number(), units: z.number().int() }),
  ),
});
export type VendorSales = z.infer<typeof vendorSales>;

/** The spec's admin stats, money in dollars. */
export const adminStats = z.object({
  totalCustomers: z.number().int(),
  totalOrders: z.number().int(),
  totalCustomerPayments: z.number(),
  totalVendors: z.number().int(),
  totalVendorPayments: z.number(),
  totalComments: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const adminSeries = chartRange.extend({
  series: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
});
export type AdminSeries = z.infer<typeof adminSeries>;
