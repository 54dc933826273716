import path from 'node:path';
import type { Config } from '../config.ts';
import { lockDataDir } from '../lock.ts';
import { checkConnection, createDb, createPool, type Db, runMigrations } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * Opens the database of this configuration: DATABASE_URL when set, else the embedded PostgreSQL in
 * DATA_DIR (locked: one process at a time), migrated. `close` stops whatever was started, in reverse order.
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
      cleanups.push(await lockDataDir(config.dataDir));
      options.log?.(`Starting the embedded PostgreSQL in ${path.join(config.dataDir, 'pg')} …`);
      const embedded = await startEmbeddedPostgres(config.dataDir);
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
    }
    const pool = createPool(databaseUrl, options.poolSize);
    cleanups.push(() => pool.end());
    await checkConnection(pool);
    const db = createDb(pool);
    await runMigrations(db);
    return { db, close };
  } catch (error) {
    await close();
    throw error;
  }
}
