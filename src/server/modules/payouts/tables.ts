import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const PAYOUT_ACCOUNT_STATUSES = ['pending', 'verified'] as const;

/**
 * The account a shop is paid into, at the payment provider (a Stripe Connect Express account, or the sandbox's):
 * pending until the provider says the shop can be paid out, then verified.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    shopId: uuid('shop_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    verifiedAt: timestamptz('verified_at'),
  },
  (t) => [
    uniqueIndex('payout_accounts_provider_key').on(t.provider, t.providerAccountId),
    check('payout_accounts_status', sql`${t.status} IN ('pending', 'verified')`),
  ],
);

/** A shop whose payouts the admin holds (a dispute): its transfers wait until released. */
export const payoutHolds = pgTable('payout_holds', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  heldBy: uuid('held_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
