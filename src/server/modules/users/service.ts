import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { type PageQuery, pageOffset } from '#contract/pagination.ts';
import type { Role } from '#contract/roles.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { hashPassword } from './passwords.ts';
import { users } from './tables.ts';

/** An account as stored (the password hash too: only the users and auth modules read it). */
export type Account = typeof users.$inferSelect;

const EMAIL_TAKEN = 'An account with this e-mail already exists. Sign in instead.';

export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/**
 * Creates a customer account (sign-up and first Google sign-in), its e-mail unverified unless `emailVerifiedAt` says
 * when it was proven. A taken e-mail is a 409.
 */
export async function createCustomer(
  db: Tx,
  input: {
    name: string;
    email: string;
    passwordHash?: string;
    photoUrl?: string | null;
    googleSubject?: string;
    emailVerifiedAt?: Date;
  },
): Promise<Account> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name.trim(),
        email: normalizeEmail(input.email),
        passwordHash: input.passwordHash ?? null,
        photoUrl: input.photoUrl || null,
        googleSubject: input.googleSubject ?? null,
        emailVerifiedAt: input.emailVerifiedAt ?? null,
        role: 'customer',
      })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** An enabled account by e-mail, or undefined. */
export async function findActiveUserByEmail(db: Tx, email: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), isNull(users.disabledAt)));
  return row;
}

export async function findActiveUserById(db: Tx, id: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.disabledAt)));
  return row;
}

/**
 * The account behind a Google identity: the one already linked to it, else the enabled account with the
 * same verified e-mail (which gets linked), else a new customer. The provider's picture is not kept: the
 * Content-Security-Policy only lets the site show its own images. The account's e-mail counts as verified when
 * Google says the address is verified and it is the account's (decision 048).
 */
export async function findOrCreateGoogleUser(
  db: Db,
  identity: { subject: string; email: string; emailVerified: boolean; name: string },
): Promise<Account> {
  return db.transaction(async (tx) => {
    const email = normalizeEmail(identity.email);
    const verifiedNow = identity.emailVerified ? new Date() : undefined;
    const [linked] = await tx.select().from(users).where(eq(users.googleSubject, identity.subject));
    if (linked) {
      if (linked.disabledAt) throw forbidden('This account has been deleted.');
      if (!verifiedNow || linked.emailVerifiedAt || linked.email !== email) return linked;
      const [verified] = await tx
        .update(users)
        .set({ emailVerifiedAt: verifiedNow })
        .where(eq(users.id, linked.id))
        .returning();
      return verified;
    }
    const [sameEmail] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (sameEmail) {
      if (sameEmail.disabledAt) throw forbidden('This account has been deleted.');
      if (!identity.emailVerified) {
        throw conflict('An account with this e-mail already exists. Sign in with your password.');
      }
      const [row] = await tx
        .update(users)
        .set({ googleSubject: identity.subject, emailVerifiedAt: sameEmail.emailVerifiedAt ?? verifiedNow })
        .where(eq(users.id, sameEmail.id))
        .returning();
      return row;
    }
    return createCustomer(tx, {
      name: identity.name || email.split('@')[0],
      email,
      googleSubject: identity.subject,
      emailVerifiedAt: verifiedNow,
    });
  });
}

/**
 * Enabled users of one role, oldest first: all of them, or one page, with the total; with `search`, those whose name
 * or e-mail contains it, in any case (trigram indexes, migration 0042).
 */
export async function listUsers(
  db: Db,
  role: Role,
  page?: PageQuery,
  search = '',
): Promise<{ rows: Account[]; total: number }> {
  const matching = search
    ? or(ilike(users.name, containing(search)), ilike(users.email, containing(search)))
    : undefined;
  const where = and(eq(users.role, role), isNull(users.disabledAt), matching);
  const query = db.select().from(users).where(where).orderBy(asc(users.createdAt), asc(users.id));
  if (!page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [rows, [{ total }]] = await Promise.all([
    query.limit(page.limit).offset(pageOffset(page)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

/** Enabled accounts among these ids, by id (one query): who may still be shown, e.g. as a shop's owner. */
export async function activeAccountsByIds(db: Tx, ids: readonly string[]): Promise<Map<string, Account>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), isNull(users.disabledAt)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Makes a customer an admin. Already an admin: nothing changes. A vendor keeps its shop: 409. */
export async function promoteToAdmin(db: Db, id: string): Promise<number> {
  const target = await findActiveUserById(db, id);
  if (!target) throw notFound('The user');
  if (target.role === 'admin') return 0;
  if (target.role !== 'customer') throw conflict('Only a customer can be made an admin.');
  const result = await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(eq(users.id, id), eq(users.role, 'customer'), isNull(users.disabledAt)));
  return result.rowCount ?? 0;
}

/**
 * Makes the user a vendor in the caller's transaction (the one that opens its shop); the row stays locked until
 * it ends. 404 for an unknown or deleted account, 403 for an admin; a vendor stays a vendor.
 */
export async function makeVendor(tx: Tx, userId: string): Promise<void> {
  const [target] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .for('update');
  if (!target) throw notFound('The user');
  if (target.role === 'admin') throw forbidden('An admin account cannot register a shop.');
  if (target.role !== 'vendor') await tx.update(users).set({ role: 'vendor' }).where(eq(users.id, userId));
}

/**
 * Sets a new password of an enabled account (a forgotten one, or a Google-only account's first) and revokes every
 * access token it has (token version): nothing signed in before keeps working.
 */
export async function setPassword(db: Tx, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
}

/** What the profile shows and checkout starts from: the name, the phone, the default delivery address. */
const detailColumns = { name: users.name, phone: users.phone, address: users.address, postcode: users.postcode };
export type ProfileDetailsRow = { name: string; phone: string | null; address: string | null; postcode: string | null };

export async function detailsOf(db: Tx, userId: string): Promise<ProfileDetailsRow> {
  const [row] = await db.select(detailColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return row;
}

/** Changes the user's name, phone and default address ('' removes the phone, or the address with its ZIP code). */
export async function setDetails(
  db: Tx,
  userId: string,
  details: { name: string; phone: string; address: string; postcode: string },
): Promise<ProfileDetailsRow> {
  const hasAddress = details.address !== '';
  const [row] = await db
    .update(users)
    .set({
      name: details.name,
      phone: details.phone === '' ? null : details.phone,
      address: hasAddress ? details.address : null,
      postcode: hasAddress ? details.postcode : null,
    })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning(detailColumns);
  if (!row) throw notFound('User');
  return row;
}

/** The profile's default delivery address, where checkout starts when the cart has none of its own. */
export async function defaultAddressOf(db: Tx, userId: string): Promise<{ address: string; postcode: string } | null> {
  const [row] = await db
    .select({ address: users.address, postcode: users.postcode })
    .from(users)
    .where(eq(users.id, userId));
  return row?.address && row.postcode ? { address: row.address, postcode: row.postcode } : null;
}

/** The user's own picture (sign-up uploads it once the account exists). */
export async function setPhoto(db: Db, userId: string, photoUrl: string): Promise<void> {
  await db
    .update(users)
    .set({ photoUrl })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
}

/**
 * The caller behind a verified access token: its account when enabled and the token's version is still the
 * account's (a deleted user, or one whose tokens were revoked, is out at once).
 */
export async function callerById(db: Tx, id: string, tokenVersion: number): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.disabledAt), eq(users.tokenVersion, tokenVersion)));
  return row;
}
