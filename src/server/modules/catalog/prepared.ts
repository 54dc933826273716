import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { z } from 'zod';
import { keepsNamedStatements, type Tx } from '../../db/client.ts';
import { parseRows, readRows } from '../../db/rows.ts';

const dialect = new PgDialect();

/**
 * Runs a hot catalog read as a named (prepared) statement: each pooled connection parses and plans it once,
 * then only binds parameters, which saves PostgreSQL the planning work on every page. Inside a transaction,
 * and behind a transaction-mode pooler (whose server connections change between queries), it runs as a plain
 * parameterised query. The rows are parsed by `row`, the schema of the columns the query selects.
 */
export async function queryPrepared<T extends z.ZodType>(db: Tx, row: T, query: SQL): Promise<z.output<T>[]> {
  const client = (db as { $client?: pg.Pool }).$client;
  if (!client || !keepsNamedStatements(client)) return parseRows(row, (await db.execute(query)).rows);
  const result = await client.query(namedStatement(query));
  return parseRows(row, result.rows);
}

/** The query as the named statement queryPrepared sends (its name is a hash of its text). */
export function namedStatement(query: SQL): { name: string; text: string; values: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `catalog_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
  return { name, text, values: params };
}

/**
 * A statement whose text depends only on `shape` (which filters, which sort, a cursor or not): `build` makes it
 * with `sql.placeholder(name)` for each value, and `values` holds them for this call.
 */
export type Shaped = { shape: string; build: () => SQL; values: Record<string, unknown> };

const shapes = new Map<string, ReturnType<typeof namedStatement>>();

/** The named statement of a shaped query: built, printed and named once per shape, its values bound per call. */
export function shapedStatement({ shape, build, values }: Shaped): pg.QueryConfig {
  let statement = shapes.get(shape);
  if (!statement) {
    statement = namedStatement(build());
    shapes.set(shape, statement);
  }
  return { name: statement.name, text: statement.text, values: fillPlaceholders(statement.values, values) };
}

/**
 * queryPrepared for the hottest reads (a listing page, a search's cards, a product page), without building and
 * hashing the SQL on every request. Outside a pool (in a transaction) or behind a transaction-mode pooler, an unnamed
 * statement. Its rows come with pg's own types, so they are read by readRows (checked in place where `row` allows).
 */
export async function queryShaped<T extends z.ZodType>(db: Tx, row: T, shaped: Shaped): Promise<z.output<T>[]> {
  const pool = (db as { $client?: pg.Pool }).$client;
  const { name, ...statement } = shapedStatement(shaped);
  if (pool && keepsNamedStatements(pool)) return readRows(row, (await pool.query({ name, ...statement })).rows);
  const client = pool ?? (db as unknown as { session: { client: pg.ClientBase } }).session.client;
  return readRows(row, (await client.query(statement)).rows);
}
