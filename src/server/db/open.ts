import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { lockDataDir } from '../lock.ts';
import { type Archive, describeNewestBackup, ensureStanza, listBackups, walArchive } from './backup/pgbackrest.ts';
import { checkConnection, createDb, createPool, type Db, runMigrations } from './client.ts';
import { startEmbeddedPostgres, stopOrphanedPostgres } from './embedded.ts';

/**
 * Opens the database of this configuration: DATABASE_URL when set, else the embedded PostgreSQL in
 * DATA_DIR (locked: one process at a time; a PostgreSQL left running by a Farmstall that died is stopped
 * first), migrated. `close` stops whatever was started, in reverse order.
 */
export async function openDatabase(
  config: Config,
  options: { poolSize?: number; log?: (line: string) => void } = {},
): Promise<{ db: Db; close: () => Promise<void> }> {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const lock = await lockDataDir(config.dataDir);
      cleanups.push(lock.release);
      // The last Farmstall on DATA_DIR died holding its lock (kill -9, out of memory): its PostgreSQL may run on.
      if (lock.tookOverFrom !== undefined) await stopOrphanedPostgres(path.join(config.dataDir, 'pg'), options.log);
      options.log?.(`Starting the embedded PostgreSQL in ${path.join(config.dataDir, 'pg')} …`);
      // A child of this process: if it exits (killed, crashed, stopped by an operator), it is started again.
      const archive = walArchive(config, options.log);
      const embedded = await startEmbeddedPostgres(config.dataDir, {
        supervise: options.log ?? (() => undefined),
        archive,
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
      if (archive) await startArchiving(archive, embedded.url, options.log);
    }
    const pool = createPool(databaseUrl, options.poolSize, config.businessTimeZone, config.databasePoolMode);
    // pool.end() waits for every client to be released; a request still holding one must not hold up the
    // shutdown (stopping PostgreSQL then ends its session).
    cleanups.push(() => Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref())]));
    await checkConnection(pool);
    const db = createDb(pool);
    await runMigrations(config.databaseDirectUrl ?? databaseUrl, { log: options.log });
    return { db, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Makes the repository's stanza so that WAL is archived from the first minute, before any backup. A repository that
 * cannot take it (another store's, a passphrase that does not match) is reported and the shop keeps serving:
 * PostgreSQL keeps the WAL it could not archive and retries.
 */
async function startArchiving(archive: Archive, url: string, log?: (line: string) => void): Promise<void> {
  const { port, password } = new URL(url);
  try {
    await ensureStanza(archive, { port: Number(port), password: decodeURIComponent(password) });
    await wakeCheckpointer(url);
    log?.(`WAL is archived to ${archive.repoDir} (pgBackRest). ${describeNewestBackup(await listBackups(archive))}`);
  } catch (error) {
    log?.(`WAL is NOT being archived to ${archive.repoDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * PostgreSQL's checkpointer first sleeps a whole checkpoint_timeout (5 min) without heeding archive_timeout, which it
 * reads only once recovery is over and it has woken: a checkpoint wakes it, so WAL_ARCHIVE_TIMEOUT holds from the start.
 */
async function wakeCheckpointer(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}
