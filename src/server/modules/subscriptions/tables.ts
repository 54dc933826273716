import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLAN_FREQUENCIES, PLAN_KINDS, PLAN_PRICINGS } from '#contract/subscriptions.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { productOptions } from '../catalog/tables.ts';
import { shops } from '../shops/tables.ts';
import { fulfilmentWindows } from '../slots/tables.ts';

export const subscriptionPlanKindEnum = pgEnum('subscription_plan_kind', PLAN_KINDS);
export const subscriptionFrequencyEnum = pgEnum('subscription_frequency', PLAN_FREQUENCIES);
export const subscriptionPricingEnum = pgEnum('subscription_pricing', PLAN_PRICINGS);

/**
 * A shop's subscription plan (decision 065): a fixed list of its product options (`subscription_plan_items`) or a box
 * of a value the farm fills each week, delivered at a frequency over a season (open-ended without `ends_on`), paid per
 * delivery, for the season up front or in installments (`season_price_cents`). Never deleted: ending sets `ended_at`.
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: id(),
    shopId: reference('shop_id', () => shops.vendorId, 'restrict'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: subscriptionPlanKindEnum('kind').notNull(),
    /** What one box is worth (box plans only). */
    boxValueCents: integer('box_value_cents'),
    /** What usually goes in the box, one thing a line (box plans only). */
    boxContents: text('box_contents'),
    frequency: subscriptionFrequencyEnum('frequency').notNull(),
    /** The season's first and last days (calendar days in the shop's zone); null: running already, open-ended. */
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    pricing: subscriptionPricingEnum('pricing').notNull(),
    /** The season's price when it is paid up front or in installments. */
    seasonPriceCents: integer('season_price_cents'),
    installments: smallint('installments'),
    discountPercent: smallint('discount_percent'),
    /** The most subscribers it takes (null: no cap). */
    subscriberCap: integer('subscriber_cap'),
    endedAt: timestamptz('ended_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscription_plans_shop_idx').on(t.shopId, t.createdAt),
    check('subscription_plans_name', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
    check('subscription_plans_description', sql`char_length(${t.description}) <= 2000`),
    check(
      'subscription_plans_box',
      sql`CASE WHEN ${t.kind} = 'box' THEN ${t.boxValueCents} > 0 AND char_length(${t.boxContents}) BETWEEN 1 AND 1000 ELSE ${t.boxValueCents} IS NULL AND ${t.boxContents} IS NULL END`,
    ),
    check('subscription_plans_season', sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      'subscription_plans_pricing',
      sql`CASE ${t.pricing} WHEN 'per_delivery' THEN ${t.seasonPriceCents} IS NULL AND ${t.installments} IS NULL WHEN 'season' THEN ${t.seasonPriceCents} > 0 AND ${t.endsOn} IS NOT NULL AND ${t.installments} IS NULL ELSE ${t.seasonPriceCents} > 0 AND ${t.endsOn} IS NOT NULL AND ${t.installments} BETWEEN 2 AND 12 END`,
    ),
    check('subscription_plans_discount', sql`${t.discountPercent} BETWEEN 1 AND 90`),
    check('subscription_plans_cap', sql`${t.subscriberCap} >= 1`),
  ],
);

/** A fixed plan's product options and how many of each a delivery holds, in the vendor's order. */
export const subscriptionPlanItems = pgTable(
  'subscription_plan_items',
  {
    planId: reference('plan_id', () => subscriptionPlans.id, 'cascade'),
    /** The catalog never deletes an option (it unlists it): a plan keeps naming what it held. */
    optionId: reference('option_id', () => productOptions.id, 'restrict'),
    quantity: smallint('quantity').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.optionId] }),
    uniqueIndex('subscription_plan_items_position_key').on(t.planId, t.position),
    index('subscription_plan_items_option_idx').on(t.optionId),
    check('subscription_plan_items_quantity', sql`${t.quantity} BETWEEN 1 AND 99`),
  ],
);

/** The shop's pickup or delivery windows that serve a plan (a retired window keeps its link; pages show live ones). */
export const subscriptionPlanWindows = pgTable(
  'subscription_plan_windows',
  {
    planId: reference('plan_id', () => subscriptionPlans.id, 'cascade'),
    windowId: reference('window_id', () => fulfilmentWindows.id, 'restrict'),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.windowId] }),
    index('subscription_plan_windows_window_idx').on(t.windowId),
  ],
);
