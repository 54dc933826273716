import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '#contract/roles.ts';
import { createdAt, id, timestamptz } from '../../db/columns.ts';

export const roleEnum = pgEnum('role', ROLES);

/** Shoppers, vendors (their shop is in shops) and admins. Deleting a user disables it: orders and payments stay. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    /** When the person proved the e-mail is theirs (a link, or Google saying so); null until then (decision 048). */
    emailVerifiedAt: timestamptz('email_verified_at'),
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    photoUrl: text('photo_url'),
    /** A phone to reach the person at, from their profile (checkout offers it). */
    phone: text('phone'),
    /** The default delivery address from the profile (street, then ZIP code); checkout starts from it. */
    address: text('address'),
    postcode: text('postcode'),
    role: roleEnum('role').notNull().default('customer'),
    /** Bumped to revoke every token of the user at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    disabledAt: timestamptz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_role_idx').on(t.role, t.createdAt),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
