import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

export const roleEnum = pgEnum('role', ['customer', 'vendor', 'admin']);

export const membershipEnum = pgEnum('membership', ['normal', 'premium']);

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
