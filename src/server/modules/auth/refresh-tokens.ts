import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens } from './tables.ts';

/** A refresh token lives 30 days unless used (rotated) or revoked first. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Only a SHA-256 of the token is stored: a leaked table cannot be replayed. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function issueRefreshToken(db: Tx, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Spends a refresh token and issues its successor. Returns null when the token is unknown, expired or
 * already spent; a spent token coming back means it was copied, so every token of that user is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<{ userId: string; token: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row) return null;
    if (row.revokedAt) {
      await revokeAllRefreshTokens(tx, row.userId);
      return null;
    }
    if (row.expiresAt.getTime() <= Date.now()) return null;
    await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    return { userId: row.userId, token: await issueRefreshToken(tx, row.userId) };
  });
}

export async function revokeRefreshToken(db: Tx, token: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, hashToken(token)), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokens(db: Tx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())),
    );
}
