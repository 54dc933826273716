import { count, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from './tables.ts';

/** Enabled accounts of each role (a deleted user is disabled, not counted). One query. */
export async function countActiveAccounts(db: Tx): Promise<{ customer: number; vendor: number; admin: number }> {
  const rows = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(isNull(users.disabledAt))
    .groupBy(users.role);
  const counts = { customer: 0, vendor: 0, admin: 0 };
  for (const row of rows) counts[row.role] = row.n;
  return counts;
}
