import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';

const dialect = new PgDialect();

/**
 * Runs a hot catalog read as a named (prepared) statement: each pooled connection parses and plans it once,
 * then only binds parameters, which saves PostgreSQL the planning work on every page. Inside a transaction
 * it runs as a plain query.
 */
export async function queryPrepared<T>(db: Tx, query: SQL): Promise<T[]> {
  const client = (db as { $client?: { query: (config: object) => Promise<{ rows: unknown[] }> } }).$client;
  if (!client) return (await db.execute(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `catalog_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}
