import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import {
  ERASED_EMAIL_DOMAIN,
  ERASED_NAMES,
  type LeaveInput,
  type LeavingRemains,
  WRONG_EMAIL,
  WRONG_PASSWORD,
} from '#contract/account-data.ts';
import type { Role } from '#contract/roles.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { verifyPassword } from './passwords.ts';
import type { Account } from './service.ts';
import { users } from './tables.ts';

/**
 * The person leaving, as the other modules' steps see them: who they were (to find and replace their words in rows
 * that copied them) and what stands in for them from now on.
 */
export type Leaver = {
  id: string;
  role: Role;
  email: string;
  name: string;
  phone: string | null;
  /** 'Former customer' (or vendor, admin). */
  erasedName: string;
  /** `erased-<uuid>@erased.invalid`, unique, so the real address can sign up again. */
  erasedEmail: string;
  /**
   * The person's words and what replaces each where other rows copied them (a shop's notifications): the name, e-mail
   * and phone, and what the steps find (orders add the names, phones and addresses given at checkout).
   */
  words: { word: string; insteadOf: string }[];
};

/**
 * What the other modules do when an account leaves, passed in by app.ts (users calls no module):
 * - `remains`: why it cannot close yet (open orders, a shop's balance), as a 409's fields; none when it can;
 * - `cancel`: before the erasure, what is cancelled with an outside party (unpaid card payments at the provider);
 * - `erase`: each module erases its own tables in the erasure's one transaction;
 * - `exportParts`: each module's rows of the person, for `GET /users/me/data`.
 */
export type Leaving = {
  remains: readonly ((tx: Tx, leaver: Leaver) => Promise<LeavingRemains>)[];
  cancel: readonly ((leaver: Leaver) => Promise<unknown>)[];
  erase: readonly ((tx: Tx, leaver: Leaver) => Promise<unknown>)[];
  exportParts: Readonly<Record<string, (db: Tx, leaver: Leaver) => Promise<unknown>>>;
};

export const erasedEmailFor = () => `erased-${randomUUID()}@${ERASED_EMAIL_DOMAIN}`;

export function leaverOf(account: Account): Leaver {
  const erasedName = ERASED_NAMES[account.role];
  const erasedEmail = erasedEmailFor();
  const words = [
    { word: account.email, insteadOf: erasedEmail },
    { word: account.name, insteadOf: erasedName },
    ...(account.phone ? [{ word: account.phone, insteadOf: '[erased]' }] : []),
  ];
  const { id, role, email, name, phone } = account;
  return { id, role, email, name, phone, erasedName, erasedEmail, words };
}

/** The columns of users kept as they are: the row's id, role, dates and token version (bumped). */
const KEPT = new Set(['id', 'role', 'tokenVersion', 'disabledAt', 'createdAt', 'name', 'email']);

/**
 * Every other column of users cleared: password hash, Google subject, photo, phone, the default address, and any
 * personal column added later (a nullable one is nulled unless listed in KEPT; a NOT NULL text column without a
 * default would fail the erasure's test, which scans every text column).
 */
function clearedColumns(): Record<string, null> {
  const cleared: Record<string, null> = {};
  for (const [key, column] of Object.entries(getTableColumns(users))) {
    if (!KEPT.has(key) && !column.notNull) cleared[key] = null;
  }
  return cleared;
}

/**
 * Erases an account in one transaction (docs/privacy.md): refused (409, what remains in the fields) while something
 * keeps it open; else its row stays (orders reference it) with a placeholder name and e-mail, every other personal
 * column cleared, disabled, token version bumped (every access token refused at once); then each module's step.
 * `cancel` runs first, outside the transaction (it talks to the card provider).
 */
export async function eraseAccount(db: Db, account: Account, leaving: Leaving): Promise<void> {
  const leaver = leaverOf(account);
  // Refused before anything is cancelled, then asked again under the lock (something may have opened meanwhile).
  await db.transaction((tx) => refuseWhileOpen(tx, leaver, leaving));
  for (const cancel of leaving.cancel) await cancel(leaver);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, account.id), isNull(users.disabledAt)))
      .for('update');
    if (!locked) throw notFound('The account');
    await refuseWhileOpen(tx, leaver, leaving);
    await tx
      .update(users)
      .set({
        ...clearedColumns(),
        name: leaver.erasedName,
        email: leaver.erasedEmail,
        disabledAt: new Date(),
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, account.id));
    for (const step of leaving.erase) await step(tx, leaver);
  });
}

async function refuseWhileOpen(tx: Tx, leaver: Leaver, leaving: Leaving): Promise<void> {
  const remains: LeavingRemains = {};
  if (leaver.role === 'admin') {
    // Every admin locked, so two admins leaving at once cannot remove the last two.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
      .for('update');
    if (admins.length <= 1) remains.lastAdmin = 'You are the last admin: make another admin first.';
  }
  for (const step of leaving.remains) Object.assign(remains, await step(tx, leaver));
  const reasons = Object.values(remains);
  if (reasons.length > 0) {
    throw new AppError('CONFLICT', `This account cannot be deleted yet. ${reasons.join(' ')}`, remains);
  }
}

/** The caller's own deletion: the password again (an account without one types its e-mail), then the erasure. */
export async function leave(db: Db, userId: string, input: LeaveInput, leaving: Leaving): Promise<void> {
  const [account] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  if (!account) throw notFound('The account');
  if (account.passwordHash) {
    if (!input.password || !(await verifyPassword(account.passwordHash, input.password))) {
      throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
    }
  } else if (normalizeEmail(input.email ?? '') !== account.email) {
    throw badRequest(WRONG_EMAIL, { email: WRONG_EMAIL });
  }
  await eraseAccount(db, account, leaving);
}

/** The admin's Delete of a user of this role by e-mail: the same erasure (refused alike); answers how many (1). */
export async function eraseByEmail(db: Db, role: Role, email: string, leaving: Leaving): Promise<number> {
  const [target] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), eq(users.role, role), isNull(users.disabledAt)));
  if (!target) throw notFound(`The ${role} ${normalizeEmail(email)}`);
  await eraseAccount(db, target, leaving);
  return 1;
}
