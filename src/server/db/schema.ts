import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['customer', 'vendor', 'admin']);
export const membershipEnum = pgEnum('membership', ['normal', 'premium']);
export const unitEnum = pgEnum('unit', ['liter', 'kg', 'piece']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'complete', 'cancelled']);
export const fulfilmentStatusEnum = pgEnum('fulfilment_status', ['pending', 'shipped', 'delivered', 'cancelled']);
export const reviewStatusEnum = pgEnum('review_status', ['visible', 'reported', 'removed']);
export const couponKindEnum = pgEnum('coupon_kind', ['percent', 'fixed']);
/**
 * Where a payment intent's money is: requires_confirmation (not known to be paid), succeeded (paid, not yet
 * settled), settled (became its order or membership), refunding / refunded (paid, given back in full: a
 * refund row is pending / succeeded), cancelled (never paid, cancelled at the provider).
 */
export const INTENT_STATUSES = [
  'requires_confirmation',
  'succeeded',
  'settled',
  'refunding',
  'refunded',
  'cancelled',
] as const;
export const REFUND_REASONS = ['cannot_fulfil', 'duplicate', 'abandoned', 'vendor_cancelled'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** Shoppers, vendors (with their shop) and admins. Deleting a user disables it: orders and payments stay. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    photoUrl: text('photo_url'),
    roll: roleEnum('roll').notNull().default('customer'),
    /** Bumped to revoke every token of the user at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    shopName: text('shop_name'),
    shopImage: text('shop_image'),
    shopAddress: text('shop_address'),
    shopPhone: text('shop_phone'),
    shopEstablished: date('shop_established'),
    membership: membershipEnum('membership'),
    badge: text('badge'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_roll_idx').on(t.roll, t.createdAt),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check(
      'users_vendor_has_shop',
      sql`${t.roll} <> 'vendor' OR (${t.shopName} IS NOT NULL AND ${t.membership} IS NOT NULL)`,
    ),
  ],
);

/** Rotating refresh tokens (stored hashed), one chain per sign-in. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_user_idx').on(t.userId)],
);

/** The 12 categories of the spec; `value` is what products reference. */
export const categories = pgTable('categories', {
  id: smallint('id').primaryKey(),
  value: text('value').notNull().unique(),
  label: text('label').notNull(),
  unit: unitEnum('unit').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    category: text('category')
      .notNull()
      .references(() => categories.value, { onUpdate: 'cascade' }),
    details: text('details').notNull(),
    productionCostCents: integer('production_cost_cents').notNull(),
    /** Profit margin in hundredths of a percent (12.5% is 1250). */
    profitMarginBp: integer('profit_margin_bp').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** productQuantity.value of the spec: units in stock. */
    stock: integer('stock').notNull(),
    unit: unitEnum('unit').notNull(),
    manufacturedOn: date('manufactured_on').notNull(),
    expiresOn: date('expires_on').notNull(),
    popularity: integer('popularity').notNull().default(0),
    /** False once the vendor deletes it or the vendor's account is deleted; order lines still point here. */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_price_idx').on(t.category, t.priceCents, t.id).where(sql`${t.listed}`),
    index('products_category_popularity_idx').on(t.category, t.popularity.desc(), t.id).where(sql`${t.listed}`),
    index('products_popularity_idx').on(t.popularity.desc(), t.id).where(sql`${t.listed}`),
    index('products_created_idx').on(t.createdAt.desc(), t.id).where(sql`${t.listed}`),
    index('products_vendor_idx').on(t.vendorId, t.createdAt),
    // Counting a category's offered products ('We found N items') reads this index only, not the table.
    index('products_category_expiry_idx').on(t.category, t.expiresOn).where(sql`${t.listed}`),
    index('products_price_idx').on(t.priceCents, t.id).where(sql`${t.listed}`),
    check('products_cost_nonneg', sql`${t.productionCostCents} >= 0`),
    check('products_margin_nonneg', sql`${t.profitMarginBp} >= 0`),
    check('products_price_nonneg', sql`${t.priceCents} >= 0`),
    check('products_stock_nonneg', sql`${t.stock} >= 0`),
    check('products_popularity_nonneg', sql`${t.popularity} >= 0`),
    check('products_expiry_after_manufacture', sql`${t.expiresOn} > ${t.manufacturedOn}`),
  ],
);

/** Deals of the day: a product on offer until a real end time. */
export const deals = pgTable(
  'deals',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('deals_ends_idx').on(t.endsAt)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId),
    check('cart_items_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Product reviews ("comments" in the spec). */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    commentDes: text('comment_des').notNull(),
    rating: smallint('rating').notNull(),
    status: reviewStatusEnum('status').notNull().default('visible'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_product_idx').on(t.productId, t.createdAt.desc()),
    index('comments_status_idx').on(t.status, t.reportedAt),
    uniqueIndex('comments_product_user_key').on(t.productId, t.userId),
    check('comments_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** Who raised a product's popularity: a user's first add counts, later adds and removals change nothing. */
export const popularityAdds = pgTable(
  'popularity_adds',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'popularity_adds_pkey', columns: [t.productId, t.userId] })],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored upper-case. */
    code: text('code').notNull(),
    kind: couponKindEnum('kind').notNull(),
    /** Percent (1-100) for percent coupons, cents for fixed ones. */
    value: integer('value').notNull(),
    minOrderCents: integer('min_order_cents'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check('coupons_value_positive', sql`${t.value} > 0`),
    check('coupons_percent_max', sql`${t.kind} <> 'percent' OR ${t.value} <= 100`),
    check('coupons_min_order_nonneg', sql`${t.minOrderCents} IS NULL OR ${t.minOrderCents} >= 0`),
    check('coupons_usage_limit_positive', sql`${t.usageLimit} IS NULL OR ${t.usageLimit} > 0`),
    check('coupons_used_within_limit', sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

/**
 * Our record of a card payment with a provider (the payment row of the ledger). Unique provider id makes
 * settling idempotent; the checkout details are captured before the card is charged, so a paid intent can
 * become its order without the browser.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerIntentId: text('provider_intent_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: text('purpose').notNull(),
    amountCents: integer('amount_cents').notNull(),
    couponCode: text('coupon_code'),
    status: text('status', { enum: INTENT_STATUSES }).notNull().default('requires_confirmation'),
    /** Checkout only: the order form, sent before the card is confirmed. */
    orderName: text('order_name'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    /** How many times settling was tried (browser, webhook, reconciliation). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When we first saw the provider say it was paid. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it became its order or membership, or was given back. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_intents_provider_key').on(t.provider, t.providerIntentId),
    index('payment_intents_open_idx').on(t.createdAt).where(sql`${t.status} IN ('requires_confirmation', 'succeeded')`),
    check('payment_intents_purpose', sql`${t.purpose} IN ('checkout', 'membership')`),
    check('payment_intents_amount_nonneg', sql`${t.amountCents} >= 0`),
    check(
      'payment_intents_status',
      sql`${t.status} IN ('requires_confirmation', 'succeeded', 'settled', 'refunding', 'refunded', 'cancelled')`,
    ),
    check('payment_intents_attempts_nonneg', sql`${t.attempts} >= 0`),
  ],
);

/** The customer payment record of the spec (one per checkout). Never deleted. */
export const customerPayments = pgTable(
  'customer_payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    /** Name of the buyer (the `name` of the spec). */
    name: text('name').notNull(),
    /** Name given on the checkout form (`orderName`). */
    orderName: text('order_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    couponCode: text('coupon_code'),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_payments_transaction_key').on(t.transactionId),
    index('customer_payments_user_idx').on(t.userId, t.createdAt.desc()),
    index('customer_payments_created_idx').on(t.createdAt),
    check('customer_payments_amounts_nonneg', sql`${t.priceCents} >= 0 AND ${t.discountCents} >= 0`),
  ],
);

/** The order of the spec: one per customer payment. Its status is stored here only. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => customerPayments.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('orders_payment_key').on(t.paymentId), index('orders_created_idx').on(t.createdAt)],
);

/** Order lines copy the name and price at purchase; each vendor fulfils its own lines. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopName: text('shop_name').notNull(),
    shopEmail: text('shop_email').notNull(),
    itemName: text('item_name').notNull(),
    image: text('image').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amount: integer('amount').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: fulfilmentStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_vendor_idx').on(t.vendorId, t.createdAt),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_amount_positive', sql`${t.amount} > 0`),
    check('order_lines_money_nonneg', sql`${t.unitPriceCents} >= 0 AND ${t.totalCents} >= 0`),
  ],
);

/**
 * Money given back on a payment intent, partly or in full; the sum of a payment's refunds (not failed)
 * never exceeds its amount (payments/refunds.ts checks it under the intent's row lock).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentIntentId: uuid('payment_intent_id')
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    index('refunds_payment_intent_idx').on(t.paymentIntentId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_reason', sql`${t.reason} IN ('cannot_fulfil', 'duplicate', 'abandoned', 'vendor_cancelled')`),
    check('refunds_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    check('refunds_attempts_nonneg', sql`${t.attempts} >= 0`),
  ],
);

/** Premium membership payments by vendors. */
export const vendorPayments = pgTable(
  'vendor_payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    priceCents: integer('price_cents').notNull(),
    shop: text('shop').notNull(),
    transactionId: text('transaction_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_payments_transaction_key').on(t.transactionId),
    index('vendor_payments_user_idx').on(t.userId),
    check('vendor_payments_price_nonneg', sql`${t.priceCents} >= 0`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

/**
 * The built-in sandbox card processor's own records (what Stripe keeps on its side for a PaymentIntent).
 * Only the sandbox payment provider reads and writes this table.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    /** 'pi_sb_…', the id the rest of the app knows the payment by. */
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** Stripe's PaymentIntent statuses: requires_payment_method, succeeded, canceled. */
    status: text('status').notNull().default('requires_payment_method'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastError: text('last_error'),
    /** Set once the whole amount is refunded. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_payment_intents_amount_nonneg', sql`${t.amountCents} >= 0`),
    check('sandbox_payment_intents_refund_within_amount', sql`${t.amountRefundedCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);

/** The sandbox processor's refunds (Stripe's Refund objects): one per idempotency key, partial amounts. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** 're_sb_…' */
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => sandboxPaymentIntents.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key').on(t.idempotencyKey),
    index('sandbox_refunds_payment_intent_idx').on(t.paymentIntentId),
    check('sandbox_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Rate-limit counters shared by every server process (rate-limiter-flexible's Postgres store); UNLOGGED in SQL. */
export const rateLimits = pgTable('rate_limits', {
  /** '<limiter>:<key>', such as 'writes:203.0.113.7' or 'sign-in-account:pat@example.com'. */
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  /** End of the window, epoch milliseconds. */
  expire: bigint('expire', { mode: 'number' }),
});
