import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_MINUTES } from '#contract/auth.ts';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { findActiveUserByEmail, findActiveUserById, markEmailVerified, setPassword } from '../users/index.ts';
import { hashLinkToken, lockLinksOf, newLinkToken } from './link-tokens.ts';
import { revokeAllRefreshTokens } from './refresh-tokens.ts';
import { passwordResets } from './tables.ts';

/**
 * A forgotten password: when an enabled account uses the e-mail (a Google-only one too), voids its earlier links and
 * e-mails a new single-use one, valid PASSWORD_RESET_MINUTES; otherwise nothing. The route runs this after its
 * answer has left, so the answer, and its time, are the same whether or not an account uses the e-mail.
 */
export async function requestPasswordReset(db: Db, email: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findActiveUserByEmail(tx, email);
    if (!user) return;
    await lockLinksOf(tx, user.id);
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    const { token, tokenHash } = newLinkToken();
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
    });
    await notify(tx, [{ userId: user.id, email: user.email }], {
      kind: 'password_reset',
      token,
      minutes: PASSWORD_RESET_MINUTES,
    });
  });
}

/**
 * Spends a link's token on a new password: the password is set, every session of the account ends and its access
 * tokens are refused, and the address counts as verified (the link proved the mailbox). False when the token is
 * unknown, used or expired.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashLinkToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return false;
    await setPassword(tx, reset.userId, password);
    await revokeAllRefreshTokens(tx, reset.userId);
    const account = await findActiveUserById(tx, reset.userId);
    if (account) await markEmailVerified(tx, account.id, account.email, now);
    return true;
  });
}
