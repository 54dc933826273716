import path from 'node:path';
import type { Config } from '../config.ts';
import { lockDataDir } from '../lock.ts';
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
      const embedded = await startEmbeddedPostgres(config.dataDir, { supervise: options.log ?? (() => undefined) });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
    }
    const pool = createPool(databaseUrl, options.poolSize, config.businessTimeZone, config.databasePoolMode);
    // pool.end() waits for every client to be released; a request still holding one must not hold up the
    // shutdown (stopping PostgreSQL then ends its session).
    cleanups.push(() => Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref())]));
    await checkConnection(pool);
    const db = createDb(pool);
    await runMigrations(config.databaseDirectUrl ?? databaseUrl);
    return { db, close };
  } catch (error) {
    await close();
    throw error;
  }
}
