import { count } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from './tables.ts';

/** Whether any account exists (the demo seed fills only an empty database). */
export async function hasUsers(db: Tx): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return n > 0;
}

/** Accounts written as they are (the demo seed); their ids by e-mail. */
export async function recordUsers(tx: Tx, rows: (typeof users.$inferInsert)[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const inserted = await tx.insert(users).values(rows).returning({ id: users.id, email: users.email });
  return new Map(inserted.map((row) => [row.email, row.id]));
}
