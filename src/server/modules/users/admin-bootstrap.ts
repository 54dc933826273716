import { eq } from 'drizzle-orm';
import { normalizeEmail } from '#contract/validation.ts';
import type { Tx } from '../../db/client.ts';
import { hashPassword } from './passwords.ts';
import { users } from './tables.ts';

/**
 * Makes sure `email` is an admin that can sign in with `password`: creates the account, or promotes
 * an existing one (and sets its password). Used by ADMIN_EMAIL/ADMIN_PASSWORD and `npm run admin`.
 */
export async function ensureAdmin(db: Tx, email: string, password: string): Promise<'created' | 'promoted'> {
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
  if (existing) {
    await db.update(users).set({ roll: 'admin', passwordHash, disabledAt: null }).where(eq(users.id, existing.id));
    return 'promoted';
  }
  await db.insert(users).values({ name: 'Administrator', email: normalized, passwordHash, roll: 'admin' });
  return 'created';
}
