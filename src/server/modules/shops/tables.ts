import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/**
 * The memberships the marketplace offers, as the admin sets them (decision 051). `key` is stable ('normal' and
 * 'premium' are the spec's, seeded by migration 0052; the admin may add others); a shop's `membership` names one.
 * What a plan says applies from the moment it changes: a payment keeps the price it was charged (vendor_payments),
 * an order line the commission it was sold under (order_lines.commission_bps).
 */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    /** How many listed products a shop on this plan may have; null: unlimited. */
    productLimit: integer('product_limit'),
    priceCents: integer('price_cents').notNull(),
    /** free (no payment), one-off (paid once, kept), monthly (paid a month at a time: shops.paid_until). */
    billing: text('billing').notNull(),
    /** The marketplace's commission on what the buyer paid for a line, in basis points. */
    commissionBps: integer('commission_bps').notNull(),
    goldBadge: boolean('gold_badge').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** An inactive plan is not offered; shops already on it keep it. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('membership_plans_key', sql`${t.key} ~ '^[a-z0-9][a-z0-9-]{1,29}$'`),
    check('membership_plans_limit', sql`${t.productLimit} IS NULL OR ${t.productLimit} >= 1`),
    check('membership_plans_price', sql`${t.priceCents} >= 0`),
    check('membership_plans_billing', sql`${t.billing} IN ('free', 'one-off', 'monthly')`),
    check('membership_plans_free', sql`(${t.billing} = 'free') = (${t.priceCents} = 0)`),
    check('membership_plans_commission', sql`${t.commissionBps} BETWEEN 0 AND 10000`),
  ],
);

/** A vendor's shop: one per vendor, made when the customer registers as a vendor. */
export const shops = pgTable(
  'shops',
  {
    vendorId: uuid('vendor_id')
      .primaryKey()
      .references(() => users.id),
    name: text('name').notNull(),
    image: text('image'),
    address: text('address'),
    phone: text('phone'),
    /** The shop's story in plain text, paragraphs separated by a blank line. */
    story: text('story'),
    /** Web links the vendor gives (http(s) addresses, checked by the contract). */
    website: text('website'),
    instagram: text('instagram'),
    facebook: text('facebook'),
    established: date('established'),
    /** The shop's plan (membership_plans.key): 'normal' until it buys another. */
    membership: text('membership')
      .notNull()
      .default('normal')
      .references(() => membershipPlans.key, { onUpdate: 'cascade' }),
    /** A monthly plan's end: past it the shop has the normal plan's limits until it pays again; null otherwise. */
    paidUntil: timestamptz('paid_until'),
    badge: text('badge'),
    /** Where the shop is (a delivery radius is measured from it): both or neither. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The ZIP code the vendor placed the shop by (latitude and longitude are its centre); null: placed otherwise. */
    postcode: text('postcode'),
    /**
     * Whether its products are listed: 'pending' while the marketplace reviews new shops and an admin has not
     * approved it yet, 'rejected' (with the admin's reason) when refused; every shop from before is approved.
     */
    approval: text('approval', { enum: ['approved', 'pending', 'rejected'] })
      .notNull()
      .default('approved'),
    approvalNote: text('approval_note'),
    createdAt: createdAt(),
  },
  (t) => [
    // The few shops waiting or refused: every public read's check that a shop is listed walks this, not every shop.
    index('shops_unlisted_idx').on(t.vendorId).where(sql`${t.approval} <> 'approved'`),
    check('shops_approval', sql`${t.approval} IN ('approved', 'pending', 'rejected')`),
    check('shops_story_length', sql`char_length(${t.story}) <= 4000`),
    check(
      'shops_location_whole',
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL) AND ${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180`,
    ),
  ],
);

/**
 * The marketplace's own settings, one row (`id` is always true; none yet: the defaults). Distances are written in
 * miles or km (`distance_unit`); they are measured and sent in km either way. Every PDF is printed on US Letter or
 * A4 (`paper_size`).
 */
export const marketplaceSettings = pgTable(
  'marketplace_settings',
  {
    id: boolean('id').primaryKey().default(true),
    distanceUnit: text('distance_unit').notNull().default('mi'),
    /** New shops wait for an admin's approval before their products are listed (off: they go live at once). */
    shopApproval: boolean('shop_approval').notNull().default(false),
    paperSize: text('paper_size').notNull().default('letter'),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('marketplace_settings_one_row', sql`${t.id}`),
    check('marketplace_settings_distance_unit', sql`${t.distanceUnit} IN ('mi', 'km')`),
    check('marketplace_settings_paper_size', sql`${t.paperSize} IN ('letter', 'a4')`),
  ],
);
