import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/** Rotating refresh tokens (stored hashed), one chain per sign-in. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_user_idx').on(t.userId)],
);
