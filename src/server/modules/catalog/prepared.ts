import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { z } from 'zod';
import { keepsNamedStatements, type Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';

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
export function namedStatement(query: SQL): pg.QueryConfig {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `catalog_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
  return { name, text, values: params };
}
