import { type AnyColumn, desc } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type PageQuery, pageOffset } from '#contract/pagination.ts';

/**
 * The page `query` asks for of a list of `table`'s rows, newest first by its `createdAt`; its `id` breaks ties, so
 * pages neither overlap nor skip a row. `select` is a Drizzle dynamic query (`.$dynamic()`).
 */
export function newestFirstPage<T extends PgSelect>(
  select: T,
  table: { createdAt: AnyColumn; id: AnyColumn },
  query: PageQuery,
) {
  return select.orderBy(desc(table.createdAt), desc(table.id)).limit(query.limit).offset(pageOffset(query));
}
