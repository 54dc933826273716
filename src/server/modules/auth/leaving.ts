import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { personsRows } from '../../db/persons-rows.ts';
import { emailTokens, passwordResets, refreshTokens, sessions } from './tables.ts';

/** The person's sign-ins for the export: each device's browser, first and last use, and when it ended. */
export function sessionsForExport(db: Tx, userId: string) {
  const columns = {
    userAgent: sessions.userAgent,
    createdAt: sessions.createdAt,
    lastUsedAt: sessions.lastUsedAt,
    endedAt: sessions.endedAt,
  };
  return personsRows(db.select(columns).from(sessions).$dynamic(), sessions, userId, desc);
}

/**
 * An account leaving: its sessions, refresh tokens, password links and e-mail links (which hold an address) are
 * deleted: every device is signed out.
 */
export async function eraseSignIns(tx: Tx, userId: string): Promise<void> {
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
}
