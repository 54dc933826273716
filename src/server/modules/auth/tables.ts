import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
