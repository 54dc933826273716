import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { MIGRATIONS_DIR, runMigrations } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A migration's test: the file's own database at the migrations before `tag` (made before its tests, dropped with its
 * temporary folders after them). The test writes rows as they were, then `migrateUntil()` applies the rest (all, or
 * those before another tag) and reads what the migration made of them.
 */
export function setupDatabaseBefore(tag: string) {
  const name = `test_before_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const folders: string[] = [];
  let client: pg.Client | undefined;

  /** The migrations folder as it stood before `until`: every migration up to the one before it, and its journal. */
  async function folderBefore(until: string): Promise<string> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-before-'));
    folders.push(dir);
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
    const stop = journal.entries.findIndex((entry: { tag: string }) => entry.tag === until);
    if (stop < 0) throw new Error(`No migration ${until}`);
    const entries = journal.entries.slice(0, stop);
    await fs.mkdir(path.join(dir, 'meta'));
    await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag: file } of entries) {
      await fs.copyFile(path.join(MIGRATIONS_DIR, `${file}.sql`), path.join(dir, `${file}.sql`));
    }
    return dir;
  }

  const url = () => withDatabase(inject('databaseUrl'), name);

  const admin = async (statement: string) => {
    const connection = new pg.Client({ connectionString: inject('databaseUrl') });
    await connection.connect();
    await connection.query(statement);
    await connection.end();
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    await runMigrations(url(), { migrationsFolder: await folderBefore(tag) });
    client = new pg.Client({ connectionString: url() });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  const connected = (): pg.Client => {
    if (!client) throw new Error('The database is made before the tests run');
    return client;
  };
  return {
    /** The connection to the database (open during the file's tests). */
    get client() {
      return connected();
    },
    /** Applies the migrations not yet applied: all of them, or those before `until`. */
    migrateUntil: async (until?: string) =>
      runMigrations(url(), { migrationsFolder: until ? await folderBefore(until) : MIGRATIONS_DIR }),
  };
}
