import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { TEMPLATE_DB, withDatabase } from './global-setup.ts';

export type TestContext = {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  config: Config;
  close: () => Promise<void>;
};

/** A database of the test file's own, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('databaseUrl');
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Builds the real app on a fresh database, for `app.inject` tests (serving a built web app from `webDir` if given). */
export async function createTestApp(env: Record<string, string> = {}, webDir?: string): Promise<TestContext> {
  const database = await createTestDatabase();
  const t = await buildTestApp(database.url, env, { webDir });
  return {
    ...t,
    close: async () => {
      await t.close();
      await database.drop();
    },
  };
}

/**
 * Builds the real app, with a pool of its own, on an existing database: several apps on one database stand for
 * several server processes (give them one `jwtSecret` to share sign-ins). `close` leaves the database.
 */
export async function buildTestApp(
  url: string,
  env: Record<string, string> = {},
  options: { webDir?: string; jwtSecret?: string; now?: () => Date } = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    ...env,
  });
  const pool = createPool(url, 4, config.businessTimeZone, config.databasePoolMode);
  const db = createDb(pool);
  const app = await buildApp({
    config,
    db,
    logger: false,
    secrets: { jwtSecret: options.jwtSecret ?? randomBytes(32).toString('hex') },
    webDir: options.webDir,
    now: options.now,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await pool.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Stands for the value a beforeAll hook makes, so a test file can declare it as a `const` at the top. Read it only
 * in tests and later hooks: before the hook has run, any read throws.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  const value = (): T => {
    if (!made) throw new Error('Read before the beforeAll hook that makes it has run');
    return made;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const property = Reflect.get(value(), key);
      // A method runs on the value itself, whose private fields a proxy does not have.
      return typeof property === 'function' ? property.bind(value()) : property;
    },
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * The test file's app (see createTestApp): built before its tests, closed after them. Settings that other
 * beforeAll hooks make (a stand-in's address) are given as a function, read when the app is built.
 */
export function setupTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestContext {
  const t = madeBeforeAll(() => createTestApp(typeof env === 'function' ? env() : env));
  afterAll(() => t.close());
  return t;
}
