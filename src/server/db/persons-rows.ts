import { type AnyColumn, type asc, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/**
 * A person's rows of `table`, for the account's export: those whose `userId` is theirs, by `createdAt` in `order`
 * (Drizzle's `asc` or `desc`). `select` is a Drizzle dynamic query (`.$dynamic()`) of the columns the export carries.
 */
export function personsRows<T extends PgSelect>(
  select: T,
  table: { userId: AnyColumn; createdAt: AnyColumn },
  userId: string,
  order: typeof asc,
) {
  return select.where(eq(table.userId, userId)).orderBy(order(table.createdAt));
}
