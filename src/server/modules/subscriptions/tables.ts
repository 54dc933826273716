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
  uuid,
} from 'drizzle-orm/pg-core';
import { CARD_STATES, DELIVERY_STATUSES, SEASON_PAYMENT_STATES, SUBSCRIPTION_STATUSES } from '#contract/subscribers.ts';
import { PLAN_FREQUENCIES, PLAN_KINDS, PLAN_PRICINGS } from '#contract/subscriptions.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { productOptions } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';
import { paymentIntents } from '../payments/tables.ts';
import { shops } from '../shops/tables.ts';
import { fulfilmentWindows } from '../slots/tables.ts';
import { users } from '../users/tables.ts';

export const subscriptionPlanKindEnum = pgEnum('subscription_plan_kind', PLAN_KINDS);
export const subscriptionFrequencyEnum = pgEnum('subscription_frequency', PLAN_FREQUENCIES);
export const subscriptionPricingEnum = pgEnum('subscription_pricing', PLAN_PRICINGS);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const subscriptionCardStateEnum = pgEnum('subscription_card_state', CARD_STATES);
export const subscriptionDeliveryStatusEnum = pgEnum('subscription_delivery_status', DELIVERY_STATUSES);

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
    /** A box's product category, whose tax rate its line takes (decision 068); unused by a fixed list. */
    boxCategory: text('box_category').notNull().default('vegetable'),
    /** Days of notice on cancelling: deliveries within them of the cancel still come and are charged. */
    noticeDays: smallint('notice_days').notNull().default(0),
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
    check('subscription_plans_notice', sql`${t.noticeDays} BETWEEN 0 AND 60`),
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

/**
 * A shopper's subscription to a plan (issue 37 slice 2): the window that serves it (and the address for a delivery
 * window), the first day it takes deliveries from, its state and the card saved for off-session charges. One running
 * subscription per shopper and plan; a cancelled one stays as the record of what was delivered.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    planId: reference('plan_id', () => subscriptionPlans.id, 'restrict'),
    userId: reference('user_id', () => users.id, 'restrict'),
    windowId: reference('window_id', () => fulfilmentWindows.id, 'restrict'),
    /** Where a delivery window brings it, as orders hold it (null for pickup). */
    deliveryAddress: text('delivery_address'),
    deliveryPostcode: text('delivery_postcode'),
    /** Deliveries are made from the first one on or after this day (the shop's calendar). */
    startsOn: date('starts_on').notNull(),
    status: subscriptionStatusEnum('status').notNull().default('active'),
    /** A vacation: the deliveries from `pausedFrom` to `pausedUntil` (both included) are skipped; it stays active. */
    pausedFrom: date('paused_from'),
    pausedUntil: date('paused_until'),
    cancelledAt: timestamptz('cancelled_at'),
    /** The last delivery the notice rules leave it after cancelling (null: none after the ordered ones). */
    endsAfter: date('ends_after'),
    /** The card, saved through a SetupIntent for off-session charges. */
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id'),
    setupIntentId: text('setup_intent_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: smallint('card_exp_month'),
    cardExpYear: smallint('card_exp_year'),
    cardState: subscriptionCardStateEnum('card_state').notNull().default('pending'),
    /** Charges that failed in a row; the job pauses the subscription after the set number. */
    failedCharges: integer('failed_charges').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_running_key').on(t.planId, t.userId).where(sql`${t.status} <> 'cancelled'`),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_window_idx').on(t.windowId).where(sql`${t.status} <> 'cancelled'`),
    check(
      'subscriptions_vacation',
      sql`(${t.pausedFrom} IS NULL) = (${t.pausedUntil} IS NULL) AND ${t.pausedUntil} >= ${t.pausedFrom}`,
    ),
    check('subscriptions_failed_charges', sql`${t.failedCharges} >= 0`),
  ],
);

/**
 * One subscription's delivery on one date, written once (insert … on conflict do nothing): its key is what makes the
 * orders job idempotent, one order or one skip per subscription and date whatever the crashes and the servers.
 */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    subscriptionId: reference('subscription_id', () => subscriptions.id, 'cascade'),
    deliveryOn: date('delivery_on').notNull(),
    windowId: reference('window_id', () => fulfilmentWindows.id, 'restrict'),
    slotStart: timestamptz('slot_start').notNull(),
    status: subscriptionDeliveryStatusEnum('status').notNull(),
    /** A holiday's delivery moved to this day (null: not delivered). */
    movedTo: date('moved_to'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** A season's delivery (decision 070): its share of the season's payment, its order's price (null: per delivery). */
    shareCents: integer('share_cents'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.deliveryOn] }),
    uniqueIndex('subscription_deliveries_order_key').on(t.orderId),
    index('subscription_deliveries_retry_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} IS NOT NULL`),
    check('subscription_deliveries_attempts', sql`${t.attempts} >= 0`),
  ],
);

/** What goes in a box plan's box on a delivery date, as the farm sets it before the orders are made. */
export const subscriptionBoxContents = pgTable(
  'subscription_box_contents',
  {
    planId: reference('plan_id', () => subscriptionPlans.id, 'cascade'),
    deliveryOn: date('delivery_on').notNull(),
    contents: text('contents').notNull(),
    setAt: timestamptz('set_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.deliveryOn] }),
    check('subscription_box_contents_length', sql`char_length(${t.contents}) BETWEEN 1 AND 2000`),
  ],
);

/**
 * One payment of a season paid up front (one row) or in installments (decision 070): what it costs, the deliveries it
 * pays for (`coversFrom`–`coversUntil`, `deliveries` of them as planned), and its state. The first is taken on
 * subscribing, each later one at the cutoff of the first delivery it covers; each delivery's order draws its share.
 * Closed once none of its deliveries can draw any more: what they did not draw is given back (`refundedCents`).
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    subscriptionId: reference('subscription_id', () => subscriptions.id, 'cascade'),
    number: smallint('number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    coversFrom: date('covers_from').notNull(),
    coversUntil: date('covers_until').notNull(),
    deliveries: smallint('deliveries').notNull(),
    status: text('status', { enum: SEASON_PAYMENT_STATES }).notNull().default('due'),
    /** Charges refused so far; the key of the next is made with it, so a retry after a crash finds the same charge. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The ledger's payment once taken (payments' `payment_intents`). */
    paymentIntentId: uuid('payment_intent_id').references(() => paymentIntents.id, { onDelete: 'restrict' }),
    paidAt: timestamptz('paid_at'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.number] }),
    index('subscription_payments_open_idx').on(t.subscriptionId).where(sql`${t.closedAt} IS NULL`),
    check('subscription_payments_number', sql`${t.number} BETWEEN 1 AND 12`),
    check('subscription_payments_amount', sql`${t.amountCents} > 0 AND ${t.deliveries} >= 1`),
    check('subscription_payments_covers', sql`${t.coversUntil} >= ${t.coversFrom}`),
    check('subscription_payments_status', sql`${t.status} IN ('due', 'paid', 'failed', 'cancelled')`),
    check('subscription_payments_attempts', sql`${t.attempts} >= 0`),
    check('subscription_payments_refunded', sql`${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`),
    check('subscription_payments_paid', sql`(${t.status} = 'paid') = (${t.paymentIntentId} IS NOT NULL)`),
  ],
);
