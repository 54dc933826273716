import { and, eq, isNull, sql } from 'drizzle-orm';
import { verifyEmailFirst } from '#contract/auth.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from './service.ts';
import { users } from './tables.ts';

/**
 * The guard of the steps that need a proven e-mail (registering a shop, connecting payouts, posting a review): a 403
 * EMAIL_UNVERIFIED saying where the link went, so the page can offer to send it again (decision 048).
 */
export function requireVerifiedEmail(user: { email: string; emailVerified: boolean }): void {
  if (!user.emailVerified) throw new AppError('EMAIL_UNVERIFIED', verifyEmailFirst(user.email));
}

/** Marks the enabled account's e-mail verified, when it is still `email` (a link to an older address proves nothing). */
export async function markEmailVerified(tx: Tx, userId: string, email: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
    .where(and(eq(users.id, userId), eq(users.email, normalizeEmail(email)), isNull(users.disabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The account using an address, enabled or not (a deleted account keeps its address: the unique index holds it). */
export async function accountUsingEmail(
  tx: Tx,
  email: string,
): Promise<{ id: string; email: string; disabled: boolean } | undefined> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row && { id: row.id, email: row.email, disabled: row.disabledAt !== null };
}

/**
 * Moves the enabled account to a new, proven address: verified, and every access token revoked (token version).
 * Answers the old address, or 'taken' when another account took the new one meanwhile (the unique index decides,
 * in a savepoint, so two changes to one address at once leave one winner), or undefined for no such account.
 */
export async function moveAccountEmail(
  tx: Tx,
  userId: string,
  email: string,
  now: Date,
): Promise<{ oldEmail: string } | 'taken' | undefined> {
  const [account] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .for('update');
  if (!account) return undefined;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint
        .update(users)
        .set({ email: normalizeEmail(email), emailVerifiedAt: now, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return { oldEmail: account.email };
}
