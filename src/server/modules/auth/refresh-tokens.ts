import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens, sessions } from './tables.ts';

/** A refresh token lives 30 days unless used (rotated) or revoked first. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Only a SHA-256 of the token is stored: a leaked table cannot be replayed. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Starts a session of the user (a device signing in); answers its id. */
export async function startSessionRow(db: Tx, userId: string, userAgent: string | undefined): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, userAgent: userAgent?.slice(0, 300) ?? null })
    .returning({ id: sessions.id });
  return row.id;
}

/** Whether the session is still signed in (an access token naming an ended one is refused). */
export async function sessionIsLive(db: Tx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  return Boolean(row);
}

export async function issueRefreshToken(db: Tx, userId: string, sessionId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    sessionId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Spends a refresh token and issues its successor. Returns null when the token is unknown, expired or
 * already spent; a spent token coming back means it was copied, so every token of that user is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
): Promise<{ userId: string; sessionId: string; token: string } | null> {
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
    if (row.sessionId && !(await sessionIsLive(tx, row.sessionId))) return null;
    await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    // A token from before sessions were recorded starts one now.
    const sessionId = row.sessionId ?? (await startSessionRow(tx, row.userId, undefined));
    await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
    return { userId: row.userId, sessionId, token: await issueRefreshToken(tx, row.userId, sessionId) };
  });
}

/** Signs out the session of this refresh token: the token is revoked and the session ended. */
export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, hashToken(token)), isNull(refreshTokens.revokedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (row?.sessionId) await tx.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  });
}

/** Signs the user out everywhere: every refresh token revoked, every session ended. */
export async function revokeAllRefreshTokens(db: Tx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())),
    );
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}
