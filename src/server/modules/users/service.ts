import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { type PageQuery, pageOf, pageOffset } from '#contract/pagination.ts';
import type { Role } from '#contract/roles.ts';
import type { UserPage, UserRecord, VendorRegistrationInput } from '#contract/users.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-tokens.ts';
import { products } from '../catalog/tables.ts';
import { type ShopProfile, saveShop, shopsByVendorIds } from '../shops/index.ts';
import { users } from './tables.ts';

type UserRow = typeof users.$inferSelect;

/** A user with its shop's fields (null when it has no shop). */
export function toUserRecord(row: UserRow, shop: ShopProfile | undefined): UserRecord {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    roll: row.roll,
    photoURL: row.photoUrl,
    shop: shop?.name ?? null,
    image: shop?.image ?? null,
    address: shop?.address ?? null,
    phone: shop?.phone ?? null,
    date: shop?.established ?? null,
    membership: shop?.membership ?? null,
    badge: shop?.badge ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The users with their shops (one query for the shops). */
export async function withShops(db: Tx, rows: UserRow[]): Promise<UserRecord[]> {
  const shops = await shopsByVendorIds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toUserRecord(row, shops.get(row.id)));
}

const EMAIL_TAKEN = 'An account with this e-mail already exists. Sign in instead.';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/** Creates a customer account (sign-up and first Google sign-in). A taken e-mail is a 409. */
export async function createCustomer(
  db: Tx,
  input: { name: string; email: string; passwordHash?: string; photoUrl?: string | null; googleSubject?: string },
): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name.trim(),
        email: normalizeEmail(input.email),
        passwordHash: input.passwordHash ?? null,
        photoUrl: input.photoUrl || null,
        googleSubject: input.googleSubject ?? null,
        roll: 'customer',
      })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** An enabled account by e-mail, or undefined. */
export async function findActiveUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), isNull(users.disabledAt)));
  return row;
}

export async function findActiveUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.disabledAt)));
  return row;
}

/**
 * The account behind a Google identity: the one already linked to it, else the enabled account with the
 * same verified e-mail (which gets linked), else a new customer. The provider's picture is not kept: the
 * Content-Security-Policy only lets the site show its own images.
 */
export async function findOrCreateGoogleUser(
  db: Db,
  identity: { subject: string; email: string; emailVerified: boolean; name: string },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [linked] = await tx.select().from(users).where(eq(users.googleSubject, identity.subject));
    if (linked) {
      if (linked.disabledAt) throw forbidden('This account has been deleted.');
      return linked;
    }
    const email = normalizeEmail(identity.email);
    const [sameEmail] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (sameEmail) {
      if (sameEmail.disabledAt) throw forbidden('This account has been deleted.');
      if (!identity.emailVerified) {
        throw conflict('An account with this e-mail already exists. Sign in with your password.');
      }
      const [row] = await tx
        .update(users)
        .set({ googleSubject: identity.subject })
        .where(eq(users.id, sameEmail.id))
        .returning();
      return row;
    }
    return createCustomer(tx, {
      name: identity.name || email.split('@')[0],
      email,
      googleSubject: identity.subject,
    });
  });
}

/** Enabled users of one role, oldest first: all of them, or one page with the total. */
export async function listUsers(db: Db, roll: Role): Promise<UserRecord[]>;
export async function listUsers(db: Db, roll: Role, page: PageQuery): Promise<UserPage>;
export async function listUsers(db: Db, roll: Role, page?: PageQuery): Promise<UserRecord[] | UserPage> {
  const where = and(eq(users.roll, roll), isNull(users.disabledAt));
  const query = db.select().from(users).where(where).orderBy(asc(users.createdAt), asc(users.id));
  if (!page) return withShops(db, await query);
  const [rows, [{ total }]] = await Promise.all([
    query.limit(page.limit).offset(pageOffset(page)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return pageOf(await withShops(db, rows), total, page);
}

/** Makes a customer an admin. Already an admin: nothing changes. A vendor keeps its shop: 409. */
export async function promoteToAdmin(db: Db, id: string): Promise<{ modifiedCount: number }> {
  const target = await findActiveUserById(db, id);
  if (!target) throw notFound('The user');
  if (target.roll === 'admin') return { modifiedCount: 0 };
  if (target.roll !== 'customer') throw conflict('Only a customer can be made an admin.');
  const result = await db
    .update(users)
    .set({ roll: 'admin' })
    .where(and(eq(users.id, id), eq(users.roll, 'customer'), isNull(users.disabledAt)));
  return { modifiedCount: result.rowCount ?? 0 };
}

/**
 * Vendor registration: a customer becomes a vendor and opens its shop (membership normal), in one transaction;
 * a vendor updates its shop.
 */
export async function registerVendor(
  db: Db,
  userId: string,
  input: VendorRegistrationInput,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.disabledAt)))
      .for('update');
    if (!target) throw notFound('The user');
    if (target.roll === 'admin') throw forbidden('An admin account cannot register a shop.');
    await saveShop(tx, userId, {
      name: input.shop,
      established: input.date,
      address: input.address,
      phone: input.phone,
      image: input.image,
    });
    await tx.update(users).set({ roll: 'vendor' }).where(eq(users.id, userId));
    return { modifiedCount: 1 };
  });
}

/**
 * "Deletes" a user of the given role: the account is disabled and every token of it revoked at once.
 * Orders and payments stay (financial records); a vendor's products are unlisted; the last admin stays.
 */
export async function deleteUser(db: Db, roll: Role, email: string): Promise<{ deletedCount: number }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, normalizeEmail(email)), eq(users.roll, roll), isNull(users.disabledAt)))
      .for('update');
    if (!target) throw notFound(`The ${roll} ${normalizeEmail(email)}`);
    if (roll === 'admin') {
      // Lock every admin so two deletions at once cannot remove the last two.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roll, 'admin'), isNull(users.disabledAt)))
        .for('update');
      if (admins.length <= 1) throw conflict('The last admin cannot be deleted. Make another admin first.');
    }
    await tx
      .update(users)
      .set({ disabledAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, target.id));
    await revokeAllRefreshTokens(tx, target.id);
    if (target.roll === 'vendor') {
      await tx.update(products).set({ listed: false, updatedAt: new Date() }).where(eq(products.vendorId, target.id));
    }
    return { deletedCount: 1 };
  });
}

/** The user's own picture (sign-up uploads it once the account exists). */
export async function setPhoto(db: Db, userId: string, photoUrl: string): Promise<void> {
  await db
    .update(users)
    .set({ photoUrl })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
}
