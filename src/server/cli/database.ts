import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openDatabase as openServerDatabase } from '../db/open.ts';

/** The server's database for a command-line task, with a clear message when a running server holds it. */
export async function openDatabase(config: Config): Promise<{ db: Db; close: () => Promise<void> }> {
  try {
    return await openServerDatabase(config, { poolSize: 2 });
  } catch (error) {
    const pid = /in use by another Farmstall process \(pid (\d+)\)/.exec(
      error instanceof Error ? error.message : '',
    )?.[1];
    if (!pid) throw error;
    throw new Error(
      `The embedded database in ${config.dataDir} is locked by a running Farmstall server (pid ${pid}). ` +
        'Stop the server and run this command again, or set DATABASE_URL to the database the server uses.',
    );
  }
}
