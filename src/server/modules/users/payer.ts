import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from './tables.ts';

/**
 * Locks the paying user's row for the rest of the caller's transaction (FOR NO KEY UPDATE: rows that only
 * reference the user, such as cart lines, are not blocked), so one payment of theirs settles at a time.
 * Answers who pays, as the payment records name them.
 */
export async function lockPayer(tx: Tx, userId: string): Promise<{ id: string; email: string; name: string }> {
  const [payer] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return payer;
}
