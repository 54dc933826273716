import { sql } from 'drizzle-orm';
import { normalizeEmail } from '#contract/validation.ts';
import type { Tx } from '../../db/client.ts';
import { hashPassword } from './passwords.ts';
import { users } from './tables.ts';

/**
 * Makes sure `email` is an admin that can sign in with `password`: creates the account (its e-mail counts as
 * verified: the operator gave it), or promotes an existing one (and sets its password). Used by
 * ADMIN_EMAIL/ADMIN_PASSWORD and `npm run admin`.
 */
export async function ensureAdmin(db: Tx, email: string, password: string): Promise<'created' | 'promoted'> {
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  // One statement, so that several processes starting together with ADMIN_EMAIL make one account.
  const [row] = await db
    .insert(users)
    .values({ name: 'Administrator', email: normalized, passwordHash, role: 'admin', emailVerifiedAt: new Date() })
    .onConflictDoUpdate({ target: users.email, set: { role: 'admin', passwordHash, disabledAt: null } })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return row.inserted ? 'created' : 'promoted';
}
