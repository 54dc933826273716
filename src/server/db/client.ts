import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Db = NodePgDatabase;
/** A database handle or an open transaction: queries take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Return DATE columns as 'YYYY-MM-DD' strings, never as shifted JS dates.
pg.types.setTypeParser(1082, (value: string) => value);

/**
 * The pool of every query. With `timeZone` (BUSINESS_TIME_ZONE), each connection runs in that zone, so
 * current_date is the business day (see business-day.ts).
 */
export function createPool(url: string, max = 10, timeZone?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    ...(timeZone ? { options: `-c TimeZone=${timeZone}` } : {}),
  });
  // An idle connection the server closed (restart, failover, dropped test database) must not crash the
  // process: the pool opens a new one at the next query, and that query reports any real outage.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool);
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/** Fails with one readable line when the database cannot be reached. */
export async function checkConnection(pool: pg.Pool): Promise<void> {
  try {
    await pool.query('select 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot reach the database: ${reason || 'connection refused'}`);
  }
}
