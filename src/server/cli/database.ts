import type { Config } from '../config.ts';
import { checkConnection, createDb, createPool, type Db, runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { lockDataDir } from '../lock.ts';

/**
 * Opens the database the server would use, from the same pieces as main.ts: DATABASE_URL when set,
 * else the embedded PostgreSQL in DATA_DIR (which only one process may run at a time), migrated.
 */
export async function openDatabase(config: Config): Promise<{ db: Db; close: () => Promise<void> }> {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      cleanups.push(await lockForCli(config.dataDir));
      const embedded = await startEmbeddedPostgres(config.dataDir);
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
    }
    const pool = createPool(databaseUrl, 2);
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

async function lockForCli(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    const pid = /pid (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    if (!pid) throw error;
    throw new Error(
      `The embedded database in ${dataDir} is locked by a running Farmstall server (pid ${pid}). ` +
        'Stop the server and run this command again, or set DATABASE_URL to the database the server uses.',
    );
  }
}
