import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';

export const TEMPLATE_DB = 'farmstall_template';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run (or TEST_DATABASE_URL), with a migrated template database
 * that every test file clones into a database of its own.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!url) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-test-'));
    await fs.chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir);
    url = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  await runMigrations(withDatabase(url, TEMPLATE_DB));
  project.provide('databaseUrl', url);

  return async () => {
    await stop?.();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
