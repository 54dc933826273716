import { sql } from 'drizzle-orm';
import { check, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COUPON_KINDS } from '#contract/coupons.ts';
import { createdAt, id, timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const couponKindEnum = pgEnum('coupon_kind', COUPON_KINDS);

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
    /** The first instant the code works (NULL: from its creation). */
    startsAt: timestamptz('starts_at'),
    expiresAt: timestamptz('expires_at'),
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
    check(
      'coupons_starts_before_expiry',
      sql`${t.startsAt} IS NULL OR ${t.expiresAt} IS NULL OR ${t.startsAt} < ${t.expiresAt}`,
    ),
    check('coupons_used_within_limit', sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
  ],
);
