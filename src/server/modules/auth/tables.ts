import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_TOKEN_PURPOSES } from '#contract/auth.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/**
 * One signed-in device: made at sign-in, renewed with its refresh tokens, ended by signing out there (or everywhere,
 * or when a spent refresh token comes back). Access tokens name their session, so an ended one is refused at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    /** The browser or app that signed in, as its User-Agent said (at most 300 characters). */
    userAgent: text('user_agent'),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastUsedAt.desc())],
);

/** Rotating refresh tokens (stored hashed), one chain per session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    /** Null for the tokens issued before sessions were recorded: their next renewal starts one. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * Links to set a new password (stored hashed): valid PASSWORD_RESET_MINUTES, used once; a newer request voids the
 * older ones of the account.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export const emailTokenPurpose = pgEnum('email_token_purpose', EMAIL_TOKEN_PURPOSES);

/**
 * Links proving an address is the account's (stored hashed): `verify` the account's own address, `change` to move
 * the account to a new one. Valid EMAIL_LINK_HOURS, used once; a newer request of the same purpose voids the older
 * ones of the account, and a change made voids every other (decision 048).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    purpose: emailTokenPurpose('purpose').notNull(),
    /** The address the link proves (lower-case): the account's own, or the one it moves to. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Spent, or voided by a newer link. */
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);
