import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DESK_REFUND_CAUSES } from '#contract/order-desk.ts';
import { REFUND_STATUSES } from '#contract/orders.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/**
 * The columns of a money row made with the provider and retried until it is (payments/attempts.ts, decision 043):
 * the attempts so far, when the next is due, the last error, the idempotency key the provider knows it by, when it
 * was recorded and when it succeeded. A capture, a refund, a transfer and a reversal each have them.
 */
const attemptColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  idempotencyKey: text('idempotency_key').notNull(),
  createdAt: createdAt(),
  succeededAt: timestamptz('succeeded_at'),
});

/** A money row's keys and checks on those columns: one row per idempotency key, the due ones found by the retry job. */
const attemptConstraints = (
  table: string,
  t: Record<'idempotencyKey' | 'nextAttemptAt' | 'status' | 'attempts', ExtraConfigColumn>,
) => [
  uniqueIndex(`${table}_idempotency_key`).on(t.idempotencyKey),
  index(`${table}_due_idx`).on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  check(`${table}_attempts_nonneg`, sql`${t.attempts} >= 0`),
];

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

export const CAPTURE_METHODS = ['automatic', 'manual'] as const;

export const REFUND_REASONS = [
  'cannot_fulfil',
  'duplicate',
  'abandoned',
  'vendor_cancelled',
  'customer_cancelled',
  'after_delivery',
] as const;

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
    userId: reference('user_id', () => users.id, 'restrict'),
    purpose: text('purpose').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Checkout only: the shops' delivery fees included in the amount. */
    deliveryCents: integer('delivery_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    /** A membership payment's plan (membership_plans.key), as it was when the payment started. */
    planKey: text('plan_key'),
    /** 'manual': the card is only authorized at checkout (weighed goods) and captured once the goods are weighed. */
    captureMethod: text('capture_method', { enum: CAPTURE_METHODS }).notNull().default('automatic'),
    status: text('status', { enum: INTENT_STATUSES }).notNull().default('requires_confirmation'),
    /** Checkout only: the order form, sent before the card is confirmed. */
    orderName: text('order_name'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    /** How many times settling was tried (browser, webhook, reconciliation). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The error code a refused settlement answers with (SLOT_FULL, …), when not a plain conflict. */
    lastErrorCode: text('last_error_code'),
    /** When we first saw the provider say it was paid. */
    paidAt: timestamptz('paid_at'),
    /** When it became its order or membership, or was given back. */
    settledAt: timestamptz('settled_at'),
    createdAt: createdAt(),
    /**
     * While open, when reconciliation asks the provider about it next (decision 055): made due, asked again a quarter
     * of its age later (15 s to 1 min) while unpaid, due at once when seen paid. Each pass takes the due ones in this
     * order, paid and unpaid apart, so none waits behind others.
     */
    nextCheckAt: timestamptz('next_check_at').notNull().defaultNow(),
    /**
     * When a newer payment of the same account pushed it beyond the bound of open unpaid payments per account
     * (intents.ts): it is cancelled at the provider, at once or by the next reconciliation, unless it was paid.
     */
    expiredAt: timestamptz('expired_at'),
    /**
     * A draw on a season's payment (issue 37, decision 070): one delivery's share of a season paid up front or in
     * installments, the payment of that delivery's order. Its money is the funding payment's charge at the provider, so
     * refunds and transfers go to that charge; its own provider id only names it (`<charge>/<delivery date>`).
     */
    fundedBy: uuid('funded_by').references((): AnyPgColumn => paymentIntents.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('payment_intents_provider_key').on(t.provider, t.providerIntentId),
    index('payment_intents_open_idx').on(t.createdAt).where(sql`${t.status} IN ('requires_confirmation', 'succeeded')`),
    // Reconciliation's two walks (decision 055): the paid ones not settled yet, and the unpaid ones due to be asked.
    index('payment_intents_paid_idx').on(t.provider, t.nextCheckAt).where(sql`${t.status} = 'succeeded'`),
    index('payment_intents_unpaid_idx').on(t.provider, t.nextCheckAt).where(sql`${t.status} = 'requires_confirmation'`),
    // An account's open unpaid payments, newest first: the bound per account (intents.ts).
    index('payment_intents_unpaid_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} = 'requires_confirmation'`),
    // Holds of weighed goods whose capture is still undecided (holdsUndecidedSince, migration 0033).
    index('payment_intents_manual_idx').on(t.createdAt).where(sql`${t.captureMethod} = 'manual'`),
    check('payment_intents_purpose', sql`${t.purpose} IN ('checkout', 'membership', 'season')`),
    index('payment_intents_funded_by_idx').on(t.fundedBy).where(sql`${t.fundedBy} IS NOT NULL`),
    check('payment_intents_amount_nonneg', sql`${t.amountCents} >= 0`),
    check(
      'payment_intents_status',
      sql`${t.status} IN ('requires_confirmation', 'succeeded', 'settled', 'refunding', 'refunded', 'cancelled')`,
    ),
    check('payment_intents_attempts_nonneg', sql`${t.attempts} >= 0`),
    check('payment_intents_delivery_nonneg', sql`${t.deliveryCents} >= 0`),
    check('payment_intents_capture_method', sql`${t.captureMethod} IN ('automatic', 'manual')`),
  ],
);

/**
 * The one capture of an authorized (manual capture) payment: recorded with the order change that decided it, then
 * made with the provider (right after commit, or by the retry job). 0 cents cancels the authorization.
 * `notChargedCents`: what the order came to above the authorized amount, never charged.
 */
export const captures = pgTable(
  'captures',
  {
    id: id(),
    paymentIntentId: reference('payment_intent_id', () => paymentIntents.id, 'restrict'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    notChargedCents: integer('not_charged_cents').notNull().default(0),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    ...attemptColumns(),
  },
  (t) => [
    ...attemptConstraints('captures', t),
    uniqueIndex('captures_payment_intent_key').on(t.paymentIntentId),
    index('captures_order_idx').on(t.orderId),
    check('captures_amount_nonneg', sql`${t.amountCents} >= 0 AND ${t.notChargedCents} >= 0`),
    check('captures_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
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
    paymentIntentId: reference('payment_intent_id', () => paymentIntents.id, 'restrict'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    ...attemptColumns(),
  },
  (t) => [
    ...attemptConstraints('refunds', t),
    index('refunds_payment_intent_idx').on(t.paymentIntentId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'refunds_reason',
      sql`${t.reason} IN ('cannot_fulfil', 'duplicate', 'abandoned', 'vendor_cancelled', 'customer_cancelled', 'after_delivery')`,
    ),
    check('refunds_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);

/** Why an admin gave a refund at the order desk, in their words, and who (one per refund the desk gave). */
export const refundNotes = pgTable(
  'refund_notes',
  {
    refundId: uuid('refund_id')
      .primaryKey()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    cause: text('cause', { enum: DESK_REFUND_CAUSES }).notNull(),
    note: text('note'),
    /** The admin, and their name as it was (kept when the account is gone). */
    givenBy: uuid('given_by').references(() => users.id, { onDelete: 'set null' }),
    givenByName: text('given_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'refund_notes_cause',
      sql`${t.cause} IN ('damaged', 'missing', 'wrong_item', 'quality', 'late', 'goodwill', 'other')`,
    ),
  ],
);

/**
 * The marketplace's commission as the admin set it over time: a rate per membership (basis points of what the buyer
 * paid for a line) and a fixed fee per shop part of an order. The newest row applies to orders placed from then on.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: id(),
    normalBps: integer('normal_bps').notNull(),
    premiumBps: integer('premium_bps').notNull(),
    orderFeeCents: integer('order_fee_cents').notNull().default(0),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_rates_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('commission_rates_bps', sql`${t.normalBps} BETWEEN 0 AND 10000 AND ${t.premiumBps} BETWEEN 0 AND 10000`),
    check('commission_rates_fee_nonneg', sql`${t.orderFeeCents} >= 0`),
  ],
);

/** Membership payments by vendors: the plan and the price each was charged (a later change of the plan's price leaves it). */
export const vendorPayments = pgTable(
  'vendor_payments',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'restrict'),
    email: text('email').notNull(),
    priceCents: integer('price_cents').notNull(),
    shop: text('shop').notNull(),
    transactionId: text('transaction_id').notNull(),
    /** The plan paid for (migration 0052 gave the payments before it 'premium'). */
    planKey: text('plan_key').notNull(),
    /** A monthly plan's month paid for: the shop's paid_until after this payment; null for one-off plans. */
    paidUntil: timestamptz('paid_until'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_payments_transaction_key').on(t.transactionId),
    index('vendor_payments_user_idx').on(t.userId),
    check('vendor_payments_price_nonneg', sql`${t.priceCents} >= 0`),
  ],
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
    /** Stripe's PaymentIntent statuses: requires_payment_method, requires_capture (manual), succeeded, canceled. */
    status: text('status').notNull().default('requires_payment_method'),
    captureMethod: text('capture_method').notNull().default('automatic'),
    /** A manual intent's captured amount, and the idempotency key of its one capture. */
    amountCapturedCents: integer('amount_captured_cents'),
    captureKey: text('capture_key'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastError: text('last_error'),
    /** Set once the whole amount is refunded. */
    refundedAt: timestamptz('refunded_at'),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    /** What the store sent with it (Stripe's metadata), listed back after a restore. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_payment_intents_amount_nonneg', sql`${t.amountCents} >= 0`),
    check('sandbox_payment_intents_refund_within_amount', sql`${t.amountRefundedCents} BETWEEN 0 AND ${t.amountCents}`),
    check(
      'sandbox_payment_intents_captured_within_amount',
      sql`${t.amountCapturedCents} BETWEEN 0 AND ${t.amountCents}`,
    ),
  ],
);

/**
 * The sandbox processor's SetupIntents (a card saved for later off-session charges) and the payment method each saved:
 * the card's brand, last digits and expiry, and what its later charges do as Stripe's test cards do (`charges`:
 * succeed, authenticate, decline).
 */
export const sandboxSetupIntents = pgTable(
  'sandbox_setup_intents',
  {
    /** 'seti_sb_…' */
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    /** 'cus_sb_…' */
    customerId: text('customer_id').notNull(),
    /** Stripe's SetupIntent statuses: requires_payment_method, requires_action, succeeded. */
    status: text('status').notNull().default('requires_payment_method'),
    /** 'pm_sb_…', once a card is given. */
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: smallint('card_exp_month'),
    cardExpYear: smallint('card_exp_year'),
    charges: text('charges'),
    lastError: text('last_error'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_setup_intents_payment_method_key').on(t.paymentMethodId)],
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
    /** What the store sent with it (Stripe's metadata), listed back after a restore. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key').on(t.idempotencyKey),
    index('sandbox_refunds_payment_intent_idx').on(t.paymentIntentId),
    check('sandbox_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** waiting: the shop has no verified account or is held; pending: to be sent (now or by the job). */
export const TRANSFER_STATUSES = ['waiting', 'pending', 'succeeded', 'failed'] as const;

/**
 * What a shop is paid for its part of an order, recorded when the part reaches its last step: what the buyer paid
 * for its lines (goods) and its delivery fee, less the commission; one per order and shop. Sent to the shop's
 * account with the charge as source_transaction after commit (or by the job), with its idempotency key.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    orderId: reference('order_id', () => orders.id, 'restrict'),
    shopId: reference('shop_id', () => users.id, 'restrict'),
    paymentIntentId: reference('payment_intent_id', () => paymentIntents.id, 'restrict'),
    goodsCents: integer('goods_cents').notNull(),
    deliveryCents: integer('delivery_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The tax of the part's lines: kept by the marketplace, which remits it (decision 028), so not in the amount. */
    taxCents: integer('tax_cents').notNull().default(0),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('waiting'),
    providerAccountId: text('provider_account_id'),
    providerTransferId: text('provider_transfer_id'),
    ...attemptColumns(),
  },
  (t) => [
    ...attemptConstraints('transfers', t),
    uniqueIndex('transfers_order_shop_key').on(t.orderId, t.shopId),
    index('transfers_shop_idx').on(t.shopId, t.createdAt),
    index('transfers_created_idx').on(t.createdAt),
    check(
      'transfers_amounts',
      sql`${t.goodsCents} >= 0 AND ${t.deliveryCents} >= 0 AND ${t.commissionCents} >= 0 AND ${t.amountCents} >= 0 AND ${t.amountCents} = ${t.goodsCents} + ${t.deliveryCents} - ${t.commissionCents}`,
    ),
    check('transfers_tax_nonneg', sql`${t.taxCents} >= 0`),
    check('transfers_status', sql`${t.status} IN ('waiting', 'pending', 'succeeded', 'failed')`),
  ],
);

/**
 * The shop's share of a refund made after its transfer (amount, taken back from the transfer) and the
 * marketplace's (commission given back); one per refund.
 */
export const transferReversals = pgTable(
  'transfer_reversals',
  {
    id: id(),
    transferId: reference('transfer_id', () => transfers.id, 'restrict'),
    refundId: reference('refund_id', () => refunds.id, 'restrict'),
    amountCents: integer('amount_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    /** The tax the marketplace gives back with the refund. */
    taxCents: integer('tax_cents').notNull().default(0),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerReversalId: text('provider_reversal_id'),
    ...attemptColumns(),
  },
  (t) => [
    ...attemptConstraints('transfer_reversals', t),
    uniqueIndex('transfer_reversals_refund_key').on(t.refundId),
    index('transfer_reversals_transfer_idx').on(t.transferId),
    index('transfer_reversals_created_idx').on(t.createdAt),
    check('transfer_reversals_amounts', sql`${t.amountCents} >= 0 AND ${t.commissionCents} >= 0`),
    check('transfer_reversals_tax_nonneg', sql`${t.taxCents} >= 0`),
    check('transfer_reversals_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);

/** The sandbox processor's connected accounts (Stripe's Express accounts): the test bank details once onboarded. */
export const sandboxConnectedAccounts = pgTable('sandbox_connected_accounts', {
  /** 'acct_sb_…' */
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  accountHolder: text('account_holder'),
  routingNumber: text('routing_number'),
  accountLast4: text('account_last4'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  createdAt: createdAt(),
});

/** The sandbox processor's transfers to connected accounts: one per idempotency key. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    /** 'tr_sb_…' */
    id: text('id').primaryKey(),
    destination: text('destination')
      .notNull()
      .references(() => sandboxConnectedAccounts.id, { onDelete: 'restrict' }),
    sourceTransaction: text('source_transaction').notNull(),
    amountCents: integer('amount_cents').notNull(),
    amountReversedCents: integer('amount_reversed_cents').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the store sent with it (Stripe's metadata), listed back after a restore. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_transfers_idempotency_key').on(t.idempotencyKey),
    check(
      'sandbox_transfers_amounts',
      sql`${t.amountCents} > 0 AND ${t.amountReversedCents} BETWEEN 0 AND ${t.amountCents}`,
    ),
  ],
);

/** The sandbox processor's transfer reversals: one per idempotency key. */
export const sandboxTransferReversals = pgTable(
  'sandbox_transfer_reversals',
  {
    /** 'trr_sb_…' */
    id: text('id').primaryKey(),
    transferId: text('transfer_id')
      .notNull()
      .references(() => sandboxTransfers.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_transfer_reversals_idempotency_key').on(t.idempotencyKey),
    check('sandbox_transfer_reversals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
