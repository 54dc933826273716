import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_MINUTES } from '#contract/auth.ts';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { findActiveUserByEmail, setPassword } from '../users/index.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { revokeAllRefreshTokens } from './refresh-tokens.ts';
import { passwordResets } from './tables.ts';

/**
 * A forgotten password: when an enabled account uses the e-mail (a Google-only one too), voids its earlier links and
 * e-mails a new single-use one, valid PASSWORD_RESET_MINUTES; otherwise nothing. Either way the caller answers the
 * same, and both ways run the same statements but the e-mail's, so the time taken tells nothing either.
 */
export async function requestPasswordReset(db: Db, email: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findActiveUserByEmail(tx, email);
    const userId = user?.id ?? '00000000-0000-0000-0000-000000000000';
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    if (!user) return;
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
 * tokens are refused. False when the token is unknown, used or expired.
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
    return true;
  });
}
