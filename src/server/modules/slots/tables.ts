import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FULFILMENT_KINDS } from '#contract/slots.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { shops } from '../shops/tables.ts';
import { users } from '../users/tables.ts';

export const fulfilmentKindEnum = pgEnum('fulfilment_kind', FULFILMENT_KINDS);

/** How a shop hands over its orders: its time zone, when ordering closes and opens, its delivery terms. */
export const fulfilmentSettings = pgTable(
  'fulfilment_settings',
  {
    shopId: uuid('shop_id')
      .primaryKey()
      .references(() => shops.vendorId, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    cutoffHours: integer('cutoff_hours').notNull().default(24),
    horizonDays: integer('horizon_days').notNull().default(14),
    deliveryOffered: boolean('delivery_offered').notNull().default(false),
    deliveryPostcodes: text('delivery_postcodes').array().notNull().default(sql`'{}'`),
    deliveryRadiusKm: doublePrecision('delivery_radius_km'),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    freeDeliveryOverCents: integer('free_delivery_over_cents'),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('fulfilment_settings_cutoff_range', sql`${t.cutoffHours} BETWEEN 0 AND 336`),
    check('fulfilment_settings_horizon_range', sql`${t.horizonDays} BETWEEN 1 AND 60`),
    check('fulfilment_settings_radius_positive', sql`${t.deliveryRadiusKm} IS NULL OR ${t.deliveryRadiusKm} > 0`),
    check(
      'fulfilment_settings_amounts_nonneg',
      sql`${t.deliveryFeeCents} >= 0 AND ${t.minimumOrderCents} >= 0 AND (${t.freeDeliveryOverCents} IS NULL OR ${t.freeDeliveryOverCents} >= 0)`,
    ),
  ],
);

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: id(),
    shopId: reference('shop_id', () => shops.vendorId, 'cascade'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    position: integer('position').notNull(),
    retiredAt: timestamptz('retired_at'),
  },
  (t) => [index('pickup_points_shop_idx').on(t.shopId).where(sql`${t.retiredAt} IS NULL`)],
);

/**
 * A weekly window: on `weekday` (ISO, 1 = Monday) from `startTime` to `endTime` (the next day when `endsNextDay`),
 * wall-clock times in the shop's zone. A retired window keeps the bookings made for it.
 */
export const fulfilmentWindows = pgTable(
  'fulfilment_windows',
  {
    id: id(),
    shopId: reference('shop_id', () => shops.vendorId, 'cascade'),
    kind: fulfilmentKindEnum('kind').notNull(),
    pickupPointId: uuid('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'restrict' }),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    endsNextDay: boolean('ends_next_day').notNull().default(false),
    capacity: integer('capacity').notNull(),
    position: integer('position').notNull(),
    retiredAt: timestamptz('retired_at'),
  },
  (t) => [
    index('fulfilment_windows_shop_idx').on(t.shopId).where(sql`${t.retiredAt} IS NULL`),
    check('fulfilment_windows_weekday_range', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('fulfilment_windows_capacity_positive', sql`${t.capacity} >= 1`),
    check('fulfilment_windows_pickup_has_point', sql`(${t.kind} = 'pickup') = (${t.pickupPointId} IS NOT NULL)`),
    check(
      'fulfilment_windows_end_after_start',
      sql`CASE WHEN ${t.endsNextDay} THEN ${t.endTime} <= ${t.startTime} ELSE ${t.endTime} > ${t.startTime} END`,
    ),
  ],
);

/**
 * A window's slot cancelled for one date (a holiday): no new bookings; the shoppers already booked are told
 * (`shoppersToldAt` is set once they were).
 */
export const windowCancellations = pgTable(
  'window_cancellations',
  {
    id: id(),
    windowId: reference('window_id', () => fulfilmentWindows.id, 'cascade'),
    date: date('date').notNull(),
    reason: text('reason'),
    shoppersToldAt: timestamptz('shoppers_told_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('window_cancellations_window_date_key').on(t.windowId, t.date)],
);

/**
 * A holiday: the shop is closed from `firstDay` to `lastDay` (both included, calendar days in its zone). Every window
 * whose slot starts on one of those days takes no bookings, windows added later too; the shoppers already booked
 * were told when it was made.
 */
export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    shopId: reference('shop_id', () => shops.vendorId, 'cascade'),
    firstDay: date('first_day').notNull(),
    lastDay: date('last_day').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('holidays_shop_idx').on(t.shopId, t.lastDay),
    check('holidays_days_in_order', sql`${t.lastDay} >= ${t.firstDay}`),
  ],
);

/** One order's place in a slot (the window on the date its slot starts); a cancelled booking frees its place. */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    id: id(),
    windowId: reference('window_id', () => fulfilmentWindows.id, 'restrict'),
    date: date('date').notNull(),
    shopperId: reference('shopper_id', () => users.id, 'restrict'),
    /** The order that holds the place (checkout books it with the order). */
    orderId: uuid('order_id'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('slot_bookings_window_date_idx').on(t.windowId, t.date).where(sql`${t.cancelledAt} IS NULL`),
    index('slot_bookings_order_idx').on(t.orderId),
  ],
);
