import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { EMAIL_IN_USE_NOW, EMAIL_LINK_HOURS, maskedEmail } from '#contract/auth.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import { notify } from '../notifications/index.ts';
import { accountUsingEmail, markEmailVerified, moveAccountEmail } from '../users/index.ts';
import { hashLinkToken, lockLinksOf, newLinkToken } from './link-tokens.ts';
import { revokeAllRefreshTokens } from './refresh-tokens.ts';
import { emailTokens } from './tables.ts';

type Purpose = (typeof emailTokens.$inferSelect)['purpose'];

/** Voids the account's unspent links of this purpose (under the account's link lock). */
async function voidLinks(tx: Tx, userId: string, now: Date, purpose: Purpose) {
  await lockLinksOf(tx, userId);
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt), eq(emailTokens.purpose, purpose)));
}

/** Voids the older links of the purpose, stores a new one's hash and e-mails the link to `email`, in the caller's transaction. */
async function sendLink(tx: Tx, userId: string, email: string, purpose: Purpose, now: Date) {
  await voidLinks(tx, userId, now, purpose);
  const { token, tokenHash } = newLinkToken();
  await tx.insert(emailTokens).values({
    userId,
    purpose,
    email: normalizeEmail(email),
    tokenHash,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_HOURS * 3_600_000),
  });
  await notify(tx, [{ userId, email: normalizeEmail(email) }], {
    kind: 'email_verification',
    token,
    hours: EMAIL_LINK_HOURS,
    change: purpose === 'change',
  });
}

/**
 * E-mails the account a link verifying its address (after a password sign-up, and each "Resend"), in the caller's
 * transaction: the older verification links stop working.
 */
export async function sendVerificationLink(tx: Tx, account: { id: string; email: string }, now: Date) {
  await sendLink(tx, account.id, account.email, 'verify', now);
}

/**
 * A change of e-mail, its password already checked: a link to the new address (which moves the account when
 * opened), and a word to the old one. When the new address has an account already, that account is told so instead
 * of a link: the caller sees the same either way, so nobody learns which addresses have accounts.
 */
export async function requestEmailChange(db: Db, account: { id: string; email: string }, email: string, now: Date) {
  await db.transaction(async (tx) => {
    const holder = await accountUsingEmail(tx, email);
    if (!holder) await sendLink(tx, account.id, email, 'change', now);
    else {
      await voidLinks(tx, account.id, now, 'change');
      if (!holder.disabled) {
        await notify(tx, [{ userId: holder.id, email: holder.email }], {
          kind: 'email_change',
          step: 'in_use',
          address: holder.email,
        });
      }
    }
    await notify(tx, [{ userId: account.id, email: account.email }], {
      kind: 'email_change',
      step: 'requested',
      address: maskedEmail(normalizeEmail(email)),
    });
  });
}

/**
 * Spends a link's token: a verification marks the account's address verified; a change moves the account to the
 * new address (verified), voids its other links, signs out every device and tells the old address. Undefined when
 * the token is unknown, used, expired or voided, or proves an address the account no longer has; a 409 when another
 * account took the new address meanwhile (the link stays unspent: nothing of the change is kept).
 */
export async function confirmEmailLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ verified: string } | { changed: string } | undefined> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, hashLinkToken(token)),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!link) return undefined;
    if (link.purpose === 'verify') {
      return (await markEmailVerified(tx, link.userId, link.email, now)) ? { verified: link.email } : undefined;
    }
    const moved = await moveAccountEmail(tx, link.userId, link.email, now);
    if (!moved) return undefined;
    if (moved === 'taken') throw conflict(EMAIL_IN_USE_NOW);
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, link.userId), isNull(emailTokens.usedAt), ne(emailTokens.id, link.id)));
    await revokeAllRefreshTokens(tx, link.userId);
    await notify(tx, [{ userId: link.userId, email: moved.oldEmail }], {
      kind: 'email_change',
      step: 'changed',
      address: maskedEmail(link.email),
    });
    return { changed: link.email };
  });
}
