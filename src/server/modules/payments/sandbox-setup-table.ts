import { jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

// Waits here, out of drizzle-kit's sight, until its migration (after the search work's 0068) moves it to tables.ts.
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
