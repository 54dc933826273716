import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from './tables.ts';

export type AccountName = { name: string; email: string; photoUrl: string | null };

/** Names, e-mails and photos of these accounts (disabled ones too), by id: one query for a page of rows. */
export async function accountsByIds(db: Tx, ids: readonly string[]): Promise<Map<string, AccountName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, photoUrl: users.photoUrl })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...account }) => [id, account]));
}

/** Every account's id and e-mail as a relation another module's SQL may join (a shop's card), not a table. */
export function accountEmailsRelation(): SQL {
  return sql`(SELECT ${users.id} AS id, ${users.email} AS email FROM ${users})`;
}

/** The ids of the accounts not disabled, as a relation another module's SQL may join (the shops a search ranks). */
export function activeAccountIdsRelation(): SQL {
  return sql`(SELECT ${users.id} AS id FROM ${users} WHERE ${users.disabledAt} IS NULL)`;
}
