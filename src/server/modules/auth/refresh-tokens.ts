import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
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
 * How long a spent refresh token of a live session still renews it: two tabs renewing with the one cookie at once,
 * or a page reloaded while its renewal was in flight (the answer with the new cookie lost), send it again within
 * seconds. Identity providers call it the reuse interval or grace period (Auth0, Okta, Supabase).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Spends a refresh token and issues its successor. Returns null when the token is unknown, expired, of a session
 * signed out, or spent longer ago than the grace period; such a spent token of a live session coming back means it
 * was copied, so every session of that user ends.
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
    // A device signed out (its session ended) presenting its old cookie is only refused.
    if (row.sessionId && !(await sessionIsLive(tx, row.sessionId))) return null;
    // A token of no session was revoked by a sign-out everywhere, never by a renewal: it gets no grace.
    const justSpent = row.sessionId && row.revokedAt && Date.now() - row.revokedAt.getTime() < REFRESH_REUSE_GRACE_MS;
    if (row.revokedAt && !justSpent) {
      await revokeAllRefreshTokens(tx, row.userId);
      return null;
    }
    if (row.expiresAt.getTime() <= Date.now()) return null;
    if (!row.revokedAt)
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

/** The user's signed-in devices, the latest used first. */
export function liveSessionsOf(db: Tx, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(desc(sessions.lastUsedAt));
}

/** Ends one live session of the user (its refresh tokens revoked); false when the user has no such live session. */
export async function endSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    if (ended.length === 0) return false;
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
    return true;
  });
}

/** Ends every live session of the user but `keep` (this device), revoking their refresh tokens. */
export async function endOtherSessions(db: Tx, userId: string, keep: string | null): Promise<void> {
  const others = and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? ne(sessions.id, keep) : undefined);
  const ended = await db.update(sessions).set({ endedAt: new Date() }).where(others).returning({ id: sessions.id });
  for (const { id } of ended) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.sessionId, id), isNull(refreshTokens.revokedAt)));
  }
  if (!keep) {
    // Tokens from before sessions were recorded belong to no session: revoked too.
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.sessionId), isNull(refreshTokens.revokedAt)));
  }
}
