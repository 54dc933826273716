import { and, eq, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens, sessions } from './tables.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Deletes sign-ins of no further use (retention, issue 34): refresh tokens expired more than `days` before `now`
 * (a spent token that has not expired stays: its return ends its session), then the sessions ended that long ago
 * (their tokens go with them) and those unused that long with no refresh token left (they can never be renewed).
 */
export async function deleteEndedSignIns(
  db: Db,
  days: number,
  now: Date = new Date(),
): Promise<{ refreshTokens: number; sessions: number }> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, before))
    .returning({ id: refreshTokens.id });
  const ended = await db
    .delete(sessions)
    .where(
      or(
        and(isNotNull(sessions.endedAt), lt(sessions.endedAt, before)),
        and(
          lt(sessions.lastUsedAt, before),
          notExists(db.select({ one: sql`1` }).from(refreshTokens).where(eq(refreshTokens.sessionId, sessions.id))),
        ),
      ),
    )
    .returning({ id: sessions.id });
  return { refreshTokens: tokens.length, sessions: ended.length };
}
