import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { checkMigrationJournal } from './migration-journal.ts';
import { applyMigrations, type MigratorOptions } from './migrator.ts';

export type Db = NodePgDatabase;
/** A database handle or an open transaction: queries take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Return DATE columns as 'YYYY-MM-DD' strings, never as shifted JS dates.
pg.types.setTypeParser(1082, (value: string) => value);

export type PoolMode = 'session' | 'transaction';

/** Pools behind a transaction-mode pooler (pgbouncer pool_mode=transaction): no session state, no named statements. */
const transactionPooled = new WeakSet<pg.Pool>();

/** Whether a query on this pool may use a named (prepared) statement: not behind a transaction-mode pooler. */
export function keepsNamedStatements(pool: pg.Pool): boolean {
  return !transactionPooled.has(pool);
}

/**
 * The pool, for a library that names its statements (rate-limiter-flexible): behind a transaction-mode pooler, a
 * stand-in whose queries drop the name, so they run as unnamed statements on whichever server connection.
 */
export function queryablePool(pool: pg.Pool): pg.Pool | { query: (query: pg.QueryConfig) => Promise<pg.QueryResult> } {
  if (keepsNamedStatements(pool)) return pool;
  return { query: ({ text, values }: pg.QueryConfig) => pool.query({ text, values }) };
}

/**
 * The pool of every query. With `timeZone` (BUSINESS_TIME_ZONE), each connection runs in that zone, so
 * current_date is the business day (see business-day.ts): a startup parameter, or in 'transaction' mode
 * (pgbouncer refuses `options`) a `SET TimeZone` on each new connection, which pgbouncer tracks per client.
 */
export function createPool(url: string, max = 10, timeZone?: string, mode: PoolMode = 'session'): pg.Pool {
  const pool = new LossTolerantPool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    ...(timeZone && mode === 'session' ? { options: `-c TimeZone=${timeZone}` } : {}),
  });
  // First of the pool's 'connect' listeners, so that even the time zone's SET below goes through the queue.
  pool.on('connect', oneQueryAtATime);
  if (mode === 'transaction') {
    transactionPooled.add(pool);
    // Queued before the first query the pool hands this client out for; a failure there fails that query too.
    if (timeZone)
      pool.on('connect', (client) => void client.query(`SET TimeZone = '${timeZone}'`).catch(() => undefined));
  }
  // An idle connection the server closed (restart, failover, dropped test database) must not crash the
  // process: the pool opens a new one at the next query, and that query reports any real outage.
  pool.on('error', () => undefined);
  // pg-pool takes its own 'error' listener off a client while it is checked out (a transaction, a LISTEN, a
  // worker's claim), and a connection that dies then would emit an unheard 'error', which ends the process.
  // The statement in flight, or the next one, fails with the same error, which is what reports it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Queues a client's promise-style queries in our own chain: code that asks for several at once on one transaction
 * (Promise.all over a transaction's reads) has them run one after another, as pg's own queue does, which pg 8
 * deprecates and pg 9 removes ("Calling client.query() when the client is already executing a query"). Callback and
 * submittable queries (pool.query, cursors) go straight through.
 */
function oneQueryAtATime(client: pg.PoolClient): void {
  // Settles when the last query asked so far has; null when none is running (the next one goes at once, in order).
  let tail: Promise<void> | null = null;
  const query = (...args: unknown[]) =>
    (pg.Client.prototype.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return query(...args);
    const result = tail ? tail.then(() => query(...args)) : query(...args);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    tail = settled;
    void settled.then(() => {
      if (tail === settled) tail = null;
    });
    return result;
  }) as typeof client.query;
}

/**
 * A pool whose checked-out clients go back (and are discarded) as soon as their connection ends. drizzle's
 * transaction() never releases a client whose `begin` failed, so each connection lost at that moment would
 * keep a place of the pool taken for good, until no query could get one. A release after that does nothing.
 */
class LossTolerantPool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ) {
    // pool.query() asks with a callback and releases with the error itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const settle = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', lost);
    release(error);
  };
  const lost = () => settle(new Error('Connection terminated'));
  client.once('end', lost);
  client.release = settle;
  return client;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool);
}

/** Any number that no other session lock of this database uses. */
const MIGRATION_LOCK = 7_283_514_001;

/**
 * Migrates the database of `target` (a URL, or a handle whose pool's URL is used), reached directly, not through a
 * transaction-mode pooler: under a session advisory lock, so that several processes starting together migrate one
 * after the other (the later ones find nothing left to do). Each pending migration runs in a transaction of its own
 * with a short lock_timeout, tried again a few times when it times out (migrator.ts, decision 056); `options` are for
 * tests and tools (another migrations folder, other timeouts, a log).
 */
export async function runMigrations(
  target: string | Db,
  options: MigratorOptions & { migrationsFolder?: string } = {},
): Promise<void> {
  const url =
    typeof target === 'string' ? target : (target as unknown as { $client: pg.Pool }).$client.options.connectionString;
  const folder = options.migrationsFolder ?? MIGRATIONS_DIR;
  await checkMigrationJournal(folder);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined); // a lost connection fails the statement in flight, which reports it
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await applyMigrations(client, folder, options);
  } catch (error) {
    throw migrationError(error);
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

/** The extensions the migrations create (CREATE EXTENSION IF NOT EXISTS): earthdistance needs a superuser. */
export const EXTENSIONS = ['pg_trgm', 'cube', 'earthdistance'] as const;

/**
 * A failed migration's error with its cause in the message (drizzle's says only `Failed query: …`). A CREATE EXTENSION
 * the role may not run names the cause and the one-time step: a superuser creates the extensions (docs/deploy.md).
 */
export function migrationError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const cause = error.cause as { message?: string; code?: string; hint?: string } | undefined;
  const query = (error as { query?: string }).query ?? error.message;
  const extension = /CREATE EXTENSION(?: IF NOT EXISTS)?\s+"?([\w-]+)"?/i.exec(query)?.[1];
  if (extension && cause?.message) {
    const reason = cause.code === '42501' ? 'the database role may not create it' : 'it could not be created';
    const step = EXTENSIONS.map((name) => `CREATE EXTENSION IF NOT EXISTS ${name};`).join(' ');
    return new Error(
      `Cannot create the PostgreSQL extension ${extension}: ${cause.message}${cause.hint ? ` (${cause.hint})` : ''}; ${reason}. ` +
        `Run once as a superuser in this database: ${step} (docs/deploy.md, "Database role and extensions"), then start again`,
      { cause: error },
    );
  }
  if (cause?.message && !error.message.includes(cause.message))
    return new Error(`${error.message.split('\n')[0]}: ${cause.message}`, { cause: error });
  return error;
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
