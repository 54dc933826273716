import { type AnyColumn, desc } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type PageQuery, pageOffset } from '#contract/pagination.ts';

/**
 * The page `query` asks for of a list, newest first by `createdAt`; `id` breaks ties, so pages neither overlap nor
 * skip a row. `select` is a Drizzle dynamic query (`.$dynamic()`).
 */
export function newestFirstPage<T extends PgSelect>(select: T, createdAt: AnyColumn, id: AnyColumn, query: PageQuery) {
  return select.orderBy(desc(createdAt), desc(id)).limit(query.limit).offset(pageOffset(query));
}
