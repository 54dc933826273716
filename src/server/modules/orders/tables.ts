import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FULFILMENT_STATUSES, ORDER_STATUSES } from '#contract/fulfilment.ts';
import { PRICE_SAVINGS } from '#contract/markdowns.ts';
import { PROBLEM_REASONS, PROBLEM_REPORT_STATES } from '#contract/problem-reports.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { productOptions, products, unitEnum } from '../catalog/tables.ts';
import { fulfilmentKindEnum, fulfilmentWindows } from '../slots/tables.ts';
import { users } from '../users/tables.ts';

export const paymentStatusEnum = pgEnum('payment_status', ORDER_STATUSES);

export const priceSavingEnum = pgEnum('price_saving', PRICE_SAVINGS);

export const fulfilmentStatusEnum = pgEnum('fulfilment_status', FULFILMENT_STATUSES);

/** The numbers people read aloud (FS-10001, INV-10001: #contract/order-numbers.ts), numbered from 10001 (migration 0044). */
export const orderNumberSeq = pgSequence('orders_order_number_seq', { startWith: 10001 });
export const invoiceNumberSeq = pgSequence('customer_payments_invoice_number_seq', { startWith: 10001 });

/** The customer payment record of the spec (one per checkout). Never deleted. */
export const customerPayments = pgTable(
  'customer_payments',
  {
    id: id(),
    /** The invoice made from this payment is numbered on its own, not by the card provider's id. */
    invoiceNumber: bigint('invoice_number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('customer_payments_invoice_number_seq')`),
    userId: reference('user_id', () => users.id, 'restrict'),
    email: text('email').notNull(),
    /** Name of the buyer (the `name` of the spec). */
    name: text('name').notNull(),
    /** Name given on the checkout form (`orderName`). */
    orderName: text('order_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The shops' delivery fees, included in the price (goods - discount + delivery). */
    deliveryCents: integer('delivery_cents').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    /** The order's tax (decision 028): added to the price, or included in it when `taxIncluded`. */
    taxCents: integer('tax_cents').notNull().default(0),
    taxIncluded: boolean('tax_included').notNull().default(false),
    couponCode: text('coupon_code'),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_payments_transaction_key').on(t.transactionId),
    uniqueIndex('customer_payments_invoice_number_key').on(t.invoiceNumber),
    index('customer_payments_user_idx').on(t.userId, t.createdAt.desc()),
    index('customer_payments_created_idx').on(t.createdAt),
    check('customer_payments_amounts_nonneg', sql`${t.priceCents} >= 0 AND ${t.discountCents} >= 0`),
    check('customer_payments_delivery_nonneg', sql`${t.deliveryCents} >= 0`),
    check('customer_payments_tax_nonneg', sql`${t.taxCents} >= 0`),
  ],
);

/**
 * The shopper's optional note for the shop, by the transaction id of the card payment that pays the order: kept
 * when checkout starts, before the order exists (the paid payment becomes the order later, maybe by the webhook).
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    transactionId: text('transaction_id').primaryKey(),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('order_notes_note_length', sql`char_length(${t.note}) BETWEEN 1 AND 500`)],
);

/** The order of the spec: one per customer payment. Its status is stored here only. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: bigint('order_number', { mode: 'number' }).notNull().default(sql`nextval('orders_order_number_seq')`),
    paymentId: reference('payment_id', () => customerPayments.id, 'restrict'),
    userId: reference('user_id', () => users.id, 'restrict'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** The marketplace's fixed fee each shop's part of this order pays, as it stood when the order was placed. */
    commissionFeeCents: integer('commission_fee_cents').notNull().default(0),
    /** The subscription whose delivery this order is (issue 37), null for a one-off order. No foreign key: see 0067. */
    subscriptionId: uuid('subscription_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_payment_key').on(t.paymentId),
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_created_idx').on(t.createdAt),
    check('orders_commission_fee_nonneg', sql`${t.commissionFeeCents} >= 0`),
    // A shopper's orders, the latest first (buy again).
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Order lines copy the name and price at purchase; each vendor fulfils its own lines. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: reference('order_id', () => orders.id, 'restrict'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    vendorId: reference('vendor_id', () => users.id, 'restrict'),
    shopName: text('shop_name').notNull(),
    shopEmail: text('shop_email').notNull(),
    itemName: text('item_name').notNull(),
    /**
     * The option sold (decision 052) and, as it was at purchase, its label, SKU, the pool units one took (null: its own
     * stock) and its unit and pack. Null on lines from before options: their unit is the product's.
     */
    optionId: uuid('option_id').references(() => productOptions.id, { onDelete: 'set null' }),
    optionLabel: text('option_label'),
    sku: text('sku'),
    draws: smallint('draws'),
    unit: unitEnum('unit'),
    packLabel: text('pack_label'),
    netQuantity: doublePrecision('net_quantity'),
    netUnit: unitEnum('net_unit'),
    image: text('image').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Sold at a deal or a near-expiry markdown: which, its percent, and the unit price before it. */
    saving: priceSavingEnum('saving'),
    savingPercent: smallint('saving_percent'),
    listPriceCents: integer('list_price_cents'),
    amount: integer('amount').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: fulfilmentStatusEnum('status').notNull().default('pending'),
    /** A product sold by weight: the grams estimated at checkout, and the grams weighed when packing. */
    estimatedGrams: integer('estimated_grams'),
    actualGrams: integer('actual_grams'),
    /** The marketplace's commission on this line, in basis points, as it stood for the shop when the order was placed. */
    commissionBps: integer('commission_bps').notNull().default(0),
    /** The tax rate of the product's category when the order was placed (basis points), and the line's tax. */
    taxBps: integer('tax_bps').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** A line the shopper added to a subscription delivery's order, at its list price, outside the plan (decision 068). */
    oneOff: boolean('one_off').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_vendor_idx').on(t.vendorId, t.createdAt),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_amount_positive', sql`${t.amount} > 0`),
    check('order_lines_money_nonneg', sql`${t.unitPriceCents} >= 0 AND ${t.totalCents} >= 0`),
    check(
      'order_lines_saving',
      sql`(${t.saving} IS NULL) = (${t.savingPercent} IS NULL) AND (${t.saving} IS NULL) = (${t.listPriceCents} IS NULL)`,
    ),
    check('order_lines_grams_positive', sql`${t.estimatedGrams} > 0 AND ${t.actualGrams} > 0`),
    check('order_lines_commission_bps', sql`${t.commissionBps} BETWEEN 0 AND 10000`),
    check('order_lines_tax', sql`${t.taxBps} BETWEEN 0 AND 10000 AND ${t.taxCents} >= 0`),
  ],
);

/**
 * How one shop's part of an order is handed over, copied at purchase: the slot (window and date, its times and the
 * shop's zone), the pickup point or the delivery address, the fee and the shopper's note.
 */
export const orderFulfilments = pgTable(
  'order_fulfilments',
  {
    id: id(),
    orderId: reference('order_id', () => orders.id, 'restrict'),
    shopId: reference('shop_id', () => users.id, 'restrict'),
    shopName: text('shop_name').notNull(),
    kind: fulfilmentKindEnum('kind').notNull(),
    windowId: reference('window_id', () => fulfilmentWindows.id, 'restrict'),
    slotDate: date('slot_date').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    pickupPointName: text('pickup_point_name'),
    pickupPointAddress: text('pickup_point_address'),
    deliveryAddress: text('delivery_address'),
    deliveryPostcode: text('delivery_postcode'),
    feeCents: integer('fee_cents').notNull().default(0),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_fulfilments_order_shop_key').on(t.orderId, t.shopId),
    index('order_fulfilments_slot_idx').on(t.windowId, t.slotDate),
    /** A shop's week: its booked slots between two dates. */
    index('order_fulfilments_shop_date_idx').on(t.shopId, t.slotDate, t.startsAt),
    check('order_fulfilments_fee_nonneg', sql`${t.feeCents} >= 0`),
    check(
      'order_fulfilments_place',
      sql`CASE WHEN ${t.kind} = 'pickup' THEN ${t.pickupPointName} IS NOT NULL AND ${t.pickupPointAddress} IS NOT NULL ELSE ${t.deliveryAddress} IS NOT NULL AND ${t.deliveryPostcode} IS NOT NULL END`,
    ),
  ],
);

/**
 * A shopper's report of a problem with a shop's delivered part of their order: why, which lines (none: the part),
 * a photo (an upload's address) and their words. One open report per part at a time; an admin resolves it, saying
 * what was done (a refund from the order desk, or in their words).
 */
export const problemReports = pgTable(
  'problem_reports',
  {
    id: id(),
    orderId: reference('order_id', () => orders.id, 'restrict'),
    shopId: reference('shop_id', () => users.id, 'restrict'),
    shopperId: reference('shopper_id', () => users.id, 'restrict'),
    reason: text('reason', { enum: PROBLEM_REASONS }).notNull(),
    lineIds: uuid('line_ids').array().notNull().default(sql`'{}'`),
    photo: text('photo'),
    text: text('text').notNull(),
    state: text('state', { enum: PROBLEM_REPORT_STATES }).notNull().default('open'),
    /** What was done, as the admin resolved it ('Refunded $4.00 for Carrots ×1', or their words). */
    resolution: text('resolution'),
    /** The admin who resolved it, and their name as it was. */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('problem_reports_order_idx').on(t.orderId),
    uniqueIndex('problem_reports_one_open').on(t.orderId, t.shopId).where(sql`${t.state} = 'open'`),
    index('problem_reports_open_idx').on(t.createdAt).where(sql`${t.state} = 'open'`),
    check('problem_reports_reason', sql`${t.reason} IN ('missing', 'damaged', 'wrong_item', 'quality', 'other')`),
    check('problem_reports_state', sql`${t.state} IN ('open', 'resolved')`),
    check('problem_reports_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
    check(
      'problem_reports_resolved',
      sql`(${t.state} = 'resolved') = (${t.resolvedAt} IS NOT NULL AND ${t.resolution} IS NOT NULL)`,
    ),
  ],
);
