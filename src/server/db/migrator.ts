import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Applies the pending migrations of a drizzle migrations folder one at a time (issue 34, item 6; decision 056), with
 * drizzle's own journal and bookkeeping (`drizzle.__drizzle_migrations`: the file's sha256 and its journal `when`),
 * so a database migrated by drizzle's migrator goes on from where it stopped, and the reverse.
 *
 * - Each migration runs in a transaction of its own: one that fails leaves the ones before it applied and recorded,
 *   and a migration may use what the one before it committed (an enum value 0054 added, which 0055 could not write
 *   in drizzle's single transaction).
 * - Each transaction starts with `SET LOCAL lock_timeout` (the migration's own `SET LOCAL lock_timeout` comes after
 *   and wins). A migration that waits for a lock makes every query that asks for that table after it wait too (the
 *   lock queue), so the wait is short and the whole migration is tried again after a pause, a few times, before the
 *   start fails naming the migration, the table and who held it.
 * - A migration whose first line is `-- migrate: no-transaction` runs each statement on its own, outside any
 *   transaction, for `CREATE INDEX CONCURRENTLY` (no write waits while a big table's index builds). Its statements
 *   must be safe to run again (`IF NOT EXISTS`, `IF EXISTS`): one that fails is run again from its first statement
 *   at the next start. A `CREATE INDEX CONCURRENTLY` that failed leaves an invalid index behind, which IF NOT EXISTS
 *   would take for done: the migrator drops such an index (`DROP INDEX CONCURRENTLY`) before building it again.
 */

export const NO_TRANSACTION = /^\s*--\s*migrate:\s*no-transaction\b/i;

export type MigratorOptions = {
  /** How long one statement may wait for a lock before the attempt is given up (ms). */
  lockTimeoutMs?: number;
  /** How many times a migration that timed out waiting for a lock is tried, in all. */
  attempts?: number;
  /** The pause after the first timed-out attempt (ms); it doubles after each one. */
  backoffMs?: number;
  /** How long a `CONCURRENTLY` statement may wait (it waits for the transactions before it, blocking nobody; ms). */
  concurrentLockTimeoutMs?: number;
  log?: (line: string) => void;
};

/** One statement's wait blocks every read of its table behind it: a second at most (decision 056). */
export const MIGRATION_LOCK_TIMEOUT_MS = 1_000;
export const MIGRATION_ATTEMPTS = 5;
export const MIGRATION_BACKOFF_MS = 1_000;
export const CONCURRENT_LOCK_TIMEOUT_MS = 60_000;

export type Migration = {
  tag: string;
  /** The file's statements, split as drizzle splits them (on `--> statement-breakpoint`). */
  statements: string[];
  /** The journal's `when`, drizzle's created_at. */
  folderMillis: number;
  /** sha256 of the whole file, as drizzle records it. */
  hash: string;
  transaction: boolean;
};

export type Applied = { tag: string; attempts: number; ms: number };

/** The journal's migrations, read as drizzle's readMigrationFiles reads them (same split, same hash). */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const journal: { entries: { tag: string; when: number }[] } = JSON.parse(
    await fs.readFile(path.join(dir, 'meta', '_journal.json'), 'utf8'),
  );
  return Promise.all(
    journal.entries.map(async ({ tag, when }) => {
      const query = (await fs.readFile(path.join(dir, `${tag}.sql`))).toString();
      return {
        tag,
        statements: query.split('--> statement-breakpoint'),
        folderMillis: when,
        hash: createHash('sha256').update(query).digest('hex'),
        transaction: !NO_TRANSACTION.test(query),
      };
    }),
  );
}

const TABLE = '"drizzle"."__drizzle_migrations"';

/**
 * Applies the pending migrations of `dir` on `client` (a session of its own, which the caller holds the migration
 * lock on). Pending, as drizzle decides: every journal entry whose `when` is after the newest row's created_at.
 */
export async function applyMigrations(
  client: pg.Client,
  dir: string,
  options: MigratorOptions = {},
): Promise<Applied[]> {
  const migrations = await readMigrations(dir);
  await client.query('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const { rows } = await client.query<{ created_at: string }>(
    `SELECT created_at FROM ${TABLE} ORDER BY created_at DESC LIMIT 1`,
  );
  const last = rows[0] ? Number(rows[0].created_at) : undefined;
  const pending = migrations.filter((migration) => last === undefined || last < migration.folderMillis);
  const applied: Applied[] = [];
  for (const migration of pending) applied.push(await applyOne(client, migration, options));
  return applied;
}

/** A statement of a migration that failed; `query` and `cause` as drizzle's errors have them (migrationError reads them). */
export class MigrationError extends Error {
  readonly query: string;
  constructor(message: string, query: string, cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationError';
    this.query = query;
  }
}

type PgError = Error & { code?: string };
const LOCK_NOT_AVAILABLE = '55P03';
const DEADLOCK = '40P01';
const isLockWait = (error: unknown) => {
  const code = (error as PgError)?.code;
  return code === LOCK_NOT_AVAILABLE || code === DEADLOCK;
};

/** A statement that failed, with its place in the migration. */
class StatementFailed extends Error {
  readonly index: number;
  readonly statement: string;
  readonly error: unknown;
  constructor(index: number, statement: string, error: unknown) {
    super(error instanceof Error ? error.message : String(error));
    this.index = index;
    this.statement = statement;
    this.error = error;
  }
}

async function applyOne(client: pg.Client, migration: Migration, options: MigratorOptions): Promise<Applied> {
  const lockTimeoutMs = options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  const attempts = Math.max(1, options.attempts ?? MIGRATION_ATTEMPTS);
  const started = Date.now();
  let pause = options.backoffMs ?? MIGRATION_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    const tried = Date.now();
    try {
      if (migration.transaction) await inTransaction(client, migration, lockTimeoutMs);
      else await statementByStatement(client, migration, options);
      const ms = Date.now() - started;
      options.log?.(`Migration ${migration.tag} applied in ${ms} ms${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
      return { tag: migration.tag, attempts: attempt, ms };
    } catch (error) {
      if (!(error instanceof StatementFailed)) throw error;
      const waited = Date.now() - tried;
      if (!isLockWait(error.error)) throw failure(migration, error, error.error);
      const holders = await lockHolders(client, error.statement);
      if (attempt >= attempts) {
        const cause = error.error as PgError;
        // The migration's own SET LOCAL lock_timeout, when it has one, is the wait that gave up.
        const own = /^\s*SET\s+(?:LOCAL\s+)?lock_timeout\s*(?:=|TO)\s*'?([^';\s]+)/im.exec(
          migration.statements.join('\n'),
        );
        const wait = own ? `${own[1]} (its own)` : formatMs(lockTimeoutMs);
        throw new MigrationError(
          `Migration ${migration.tag} could not get its lock in ${attempts} attempts of ${wait} ` +
            `(lock_timeout; it gives up rather than keep the shop's queries waiting behind it): statement ${error.index + 1} ` +
            `(${excerpt(error.statement)}) waits for ${holders}. Nothing of ${migration.tag} was applied` +
            `${migration.transaction ? '' : ' past its last completed statement'}; the migrations before it are. ` +
            'Start again once that session is done, or end it (pg_terminate_backend).',
          error.statement,
          cause,
        );
      }
      options.log?.(
        `Migration ${migration.tag}: attempt ${attempt} gave up waiting for a lock after ${waited} ms ` +
          `(${holders}); again in ${pause} ms`,
      );
      await sleep(pause);
      pause *= 2;
    }
  }
}

async function inTransaction(client: pg.Client, migration: Migration, lockTimeoutMs: number): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL lock_timeout = '${Math.round(lockTimeoutMs)}ms'`);
    for (const [index, statement] of migration.statements.entries()) {
      if (statement.trim() === '') continue;
      await client.query(statement).catch((error) => {
        throw new StatementFailed(index, statement, error);
      });
    }
    await record(client, migration);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

const SET_LOCK_TIMEOUT = /^\s*SET\s+(?:SESSION\s+)?lock_timeout\b/i;
const CONCURRENT_INDEX =
  /^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)/i;

/** Strips the comments a statement's text starts with (a migration's statements often open with their reason). */
function withoutLeadingComments(statement: string): string {
  return statement.replace(/^(?:\s*--[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*/, '');
}

/**
 * A `-- migrate: no-transaction` migration: each statement on its own. A statement that times out waiting for its
 * lock fails the attempt; the next one starts again from the first statement (they are safe to run again).
 */
async function statementByStatement(client: pg.Client, migration: Migration, options: MigratorOptions): Promise<void> {
  let own: string | undefined; // the migration's own SET lock_timeout, which wins from there on
  try {
    for (const [index, statement] of migration.statements.entries()) {
      const text = withoutLeadingComments(statement);
      if (text.trim() === '') continue;
      try {
        if (SET_LOCK_TIMEOUT.test(text)) {
          await client.query(statement);
          own = statement;
          continue;
        }
        const concurrent = /\bCONCURRENTLY\b/i.test(text);
        if (!own) {
          const ms = concurrent
            ? (options.concurrentLockTimeoutMs ?? CONCURRENT_LOCK_TIMEOUT_MS)
            : (options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS);
          await client.query(`SET lock_timeout = '${Math.round(ms)}ms'`);
        }
        const index_ = CONCURRENT_INDEX.exec(text)?.[1];
        if (index_) await dropIfInvalid(client, index_, options);
        await client.query(statement);
      } catch (error) {
        throw new StatementFailed(index, statement, error);
      }
    }
    await record(client, migration);
  } finally {
    await client.query('RESET lock_timeout').catch(() => undefined);
  }
}

/** An index a failed CREATE INDEX CONCURRENTLY left behind (invalid: used by no query, kept up by every write). */
async function dropIfInvalid(client: pg.Client, name: string, options: MigratorOptions): Promise<void> {
  const { rows } = await client.query<{ invalid: boolean }>(
    'SELECT NOT indisvalid AS invalid FROM pg_index WHERE indexrelid = to_regclass($1)',
    [name],
  );
  if (!rows[0]?.invalid) return;
  options.log?.(`Index ${name} was left invalid by a failed build: dropping it to build it again`);
  await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
}

async function record(client: pg.Client, migration: Migration): Promise<void> {
  await client.query(`INSERT INTO ${TABLE} ("hash", "created_at") VALUES ($1, $2)`, [
    migration.hash,
    migration.folderMillis,
  ]);
}

function failure(migration: Migration, failed: StatementFailed, cause: unknown): MigrationError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new MigrationError(
    `Migration ${migration.tag} failed at statement ${failed.index + 1} (${excerpt(failed.statement)}): ${reason}. ` +
      `Nothing of ${migration.tag} was applied${migration.transaction ? '' : ' past its last completed statement'}; ` +
      'the migrations before it are',
    failed.statement,
    cause,
  );
}

function excerpt(statement: string): string {
  const text = withoutLeadingComments(statement).replace(/\s+/g, ' ').trim();
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The tables (and indexes) a statement names: where it may have waited. */
function namedRelations(statement: string): string[] {
  const names = new Set<string>();
  const pattern =
    /\b(?:TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?(?:\s+ONLY)?|ON(?:\s+ONLY)?|INTO|FROM|JOIN|UPDATE|REFERENCES|INDEX(?:\s+CONCURRENTLY)?(?:\s+IF\s+(?:NOT\s+)?EXISTS)?|TRUNCATE|LOCK)\s+((?:"[^"]+"|[a-z_]\w*)(?:\.(?:"[^"]+"|[a-z_]\w*))?)/gi;
  for (const match of withoutLeadingComments(statement).matchAll(pattern)) names.add(match[1]);
  return [...names];
}

/** Who holds a lock on what the statement names: `products (pid 123, active for 9 s: SELECT …)`. */
async function lockHolders(client: pg.Client, statement: string): Promise<string> {
  const names = namedRelations(statement);
  const fallback = `a lock on ${names.map((name) => name.replaceAll('"', '')).join(', ') || 'a table'}`;
  try {
    const { rows } = await client.query<{
      relation: string;
      pid: number;
      state: string;
      age: number;
      query: string;
    }>(
      `WITH named AS (
         SELECT to_regclass(name) AS oid FROM unnest($1::text[]) AS name
       ), relations AS (
         SELECT oid FROM named WHERE oid IS NOT NULL
         UNION SELECT i.indrelid FROM pg_index i JOIN named ON i.indexrelid = named.oid
       )
       SELECT * FROM (
         SELECT DISTINCT ON (l.pid, l.relation) l.relation::regclass::text AS relation, a.pid, a.state,
           extract(epoch FROM now() - coalesce(a.xact_start, a.query_start)) AS age,
           left(regexp_replace(a.query, '\\s+', ' ', 'g'), 80) AS query
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.granted AND l.pid <> pg_backend_pid() AND l.relation IN (SELECT oid FROM relations)
           AND a.backend_type = 'client backend' -- autovacuum steps aside by itself
         ORDER BY l.pid, l.relation
       ) holders ORDER BY age DESC LIMIT 2`,
      [names],
    );
    if (rows.length === 0) return `${fallback} (its holder was gone when asked)`;
    return `a lock on ${rows
      .map(
        (row) =>
          `${row.relation} held by pid ${row.pid} (${row.state} for ${(Number(row.age)).toFixed(1)} s: ${row.query})`,
      )
      .join('; ')}`;
  } catch {
    return fallback;
  }
}
