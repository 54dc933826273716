import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { withDatabase } from '../test/global-setup.ts';
import { MIGRATIONS_DIR, migrationError } from './client.ts';
import { applyMigrations, type MigratorOptions } from './migrator.ts';

/**
 * The migrator (issue 34, item 6; decision 056): one transaction per migration with a short lock_timeout, tried again
 * instead of queueing the shop's queries behind it; drizzle's bookkeeping kept as drizzle keeps it.
 */

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop().catch(() => undefined);
});

/** A database of the test's own at the newest real migration (a clone of the migrated template). */
async function database(): Promise<string> {
  const made = await createTestDatabase();
  drops.push(made.drop);
  return made.url;
}

/** An empty database of the test's own. */
async function emptyDatabase(): Promise<string> {
  const name = `migrator_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await query(inject('databaseUrl'), `CREATE DATABASE ${name}`);
  drops.push(() => query(inject('databaseUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined));
  return withDatabase(inject('databaseUrl'), name);
}

async function query(url: string, text: string, values?: unknown[]): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

type Extra = { tag: string; sql: string };
let when = 1_900_000_000_000;

/** The folders this file's tests made, removed after them. */
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

/** A migrations folder: the real ones up to (not including) `before`, or all, then the extra ones. */
async function folder(extras: Extra[], before?: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-migrator-'));
  folders.push(dir);
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const cut = before ? journal.entries.findIndex((entry: { tag: string }) => entry.tag === before) : undefined;
  const entries = journal.entries.slice(0, cut);
  for (const { tag } of entries)
    await fs.copyFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  for (const extra of extras) {
    when += 1000;
    entries.push({ idx: (entries.at(-1)?.idx ?? -1) + 1, version: '7', when, tag: extra.tag, breakpoints: true });
    await fs.writeFile(path.join(dir, `${extra.tag}.sql`), extra.sql);
  }
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** What runMigrations does, on a folder of the test's own. */
async function migrateWith(url: string, dir: string, options: MigratorOptions = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await applyMigrations(client, dir, options);
  } catch (error) {
    throw migrationError(error);
  } finally {
    await client.end();
  }
}

async function bookkeeping(url: string): Promise<{ hash: string; created_at: string }[]> {
  return (await query(url, 'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id')).rows;
}

/** drizzle's own migrator (all pending migrations in one transaction), as the server ran it before. */
async function drizzleMigrate(url: string, dir: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: dir });
  } finally {
    await client.end();
  }
}

/** The rows drizzle's own migrator writes for a folder. */
function drizzleRows(dir: string) {
  return readMigrationFiles({ migrationsFolder: dir }).map((m) => ({
    hash: m.hash,
    created_at: String(m.folderMillis),
  }));
}

describe('the migrator', () => {
  it("continues a database drizzle's migrator migrated, with the very rows drizzle writes", async () => {
    const url = await emptyDatabase();
    // drizzle's migrator up to 0053 (in one transaction, as production databases were migrated), then this one.
    await drizzleMigrate(url, await folder([], '0054_product_units'));
    const applied = await migrateWith(url, MIGRATIONS_DIR);
    expect(applied.map((step) => step.tag).slice(0, 3)).toEqual([
      '0054_product_units',
      '0055_product_options',
      '0056_recovery_not_starved',
    ]);
    expect(await bookkeeping(url)).toEqual(drizzleRows(MIGRATIONS_DIR));
    // Nothing is left to do, and drizzle's migrator agrees.
    expect(await migrateWith(url, MIGRATIONS_DIR)).toEqual([]);
    await drizzleMigrate(url, MIGRATIONS_DIR);
    expect(await bookkeeping(url)).toEqual(drizzleRows(MIGRATIONS_DIR));
  });

  it('migrates an empty database one migration at a time', async () => {
    const url = await emptyDatabase();
    const applied = await migrateWith(url, MIGRATIONS_DIR);
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
    expect(applied.map((step) => step.tag)).toEqual(journal.entries.map((entry: { tag: string }) => entry.tag));
    expect(applied.every((step) => step.attempts === 1)).toBe(true);
    expect(await bookkeeping(url)).toEqual(drizzleRows(MIGRATIONS_DIR));
  });

  it('commits each migration: a later one uses an enum value an earlier one added; a failed one leaves those before', async () => {
    const extras = [
      { tag: '0901_crate_unit', sql: `ALTER TYPE "public"."unit" ADD VALUE 'crate';` },
      { tag: '0902_crate_used', sql: `CREATE TABLE "migrator_crates" ("unit" "unit" DEFAULT 'crate' NOT NULL);` },
      {
        tag: '0903_broken',
        sql: 'INSERT INTO "migrator_crates" DEFAULT VALUES;\n--> statement-breakpoint\nALTER TABLE "nowhere" ADD COLUMN "x" integer;',
      },
    ];
    // In one transaction (drizzle's migrator), the value cannot be used before it commits.
    const before = await database();
    const all = await folder(extras.slice(0, 2));
    await expect(drizzleMigrate(before, all)).rejects.toThrow();
    expect(await bookkeeping(before)).toEqual(drizzleRows(MIGRATIONS_DIR));

    const url = await database();
    const dir = await folder(extras);
    const failed = await migrateWith(url, dir).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failed?.message).toMatch(
      /^Migration 0903_broken failed at statement 2 \(ALTER TABLE "nowhere" ADD COLUMN "x" integer;\): relation "nowhere" does not exist\. Nothing of 0903_broken was applied; the migrations before it are/,
    );
    expect(await bookkeeping(url)).toEqual(drizzleRows(dir).slice(0, -1));
    expect((await query(url, 'SELECT count(*)::int AS n FROM migrator_crates')).rows).toEqual([{ n: 0 }]);

    // Mended (a migration not yet applied anywhere may be), the next start applies it alone.
    await fs.writeFile(path.join(dir, '0903_broken.sql'), 'INSERT INTO "migrator_crates" DEFAULT VALUES;');
    expect((await migrateWith(url, dir)).map((step) => step.tag)).toEqual(['0903_broken']);
    expect(await bookkeeping(url)).toEqual(drizzleRows(dir));
    expect((await query(url, 'SELECT unit FROM migrator_crates')).rows).toEqual([{ unit: 'crate' }]);
  });

  it('gives up after its attempts naming the migration, the table and who holds it, and applies nothing of it', async () => {
    const url = await database();
    const dir = await folder([{ tag: '0901_products_note', sql: 'ALTER TABLE "products" ADD COLUMN "note" text;' }]);
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM products');
      const lines: string[] = [];
      const failed = await migrateWith(url, dir, {
        lockTimeoutMs: 200,
        attempts: 2,
        backoffMs: 100,
        log: (line) => lines.push(line),
      }).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failed?.message).toMatch(
        /^Migration 0901_products_note could not get its lock in 2 attempts of 200 ms \(lock_timeout; .*statement 1 \(ALTER TABLE "products" ADD COLUMN "note" text;\) waits for a lock on (?:.*; )?products held by pid \d+ \(idle in transaction for [\d.]+ s: SELECT count\(\*\) FROM products\)/,
      );
      expect(lines).toEqual([
        expect.stringMatching(/^Migration 0901_products_note: attempt 1 gave up waiting for a lock after \d+ ms/),
      ]);
      expect(await bookkeeping(url)).toEqual(drizzleRows(MIGRATIONS_DIR));
    } finally {
      await reader.end();
    }
    const { rows } = await query(
      url,
      `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'note'`,
    );
    expect(rows).toEqual([{ n: 0 }]);
    expect((await migrateWith(url, dir)).map((step) => step.tag)).toEqual(['0901_products_note']);
  });

  it('runs a no-transaction migration statement by statement, rebuilding an index a failed CONCURRENTLY build left invalid', async () => {
    const url = await database();
    await query(url, 'CREATE TABLE migrator_probe (x integer); INSERT INTO migrator_probe VALUES (1), (1), (2)');
    // A unique index built concurrently over a duplicate fails and stays behind, invalid.
    await expect(
      query(url, 'CREATE UNIQUE INDEX CONCURRENTLY migrator_probe_x_key ON migrator_probe (x)'),
    ).rejects.toThrow(/could not create unique index/);
    await query(url, 'DELETE FROM migrator_probe WHERE ctid = (SELECT max(ctid) FROM migrator_probe WHERE x = 1)');
    const dir = await folder([
      {
        tag: '0901_probe_index',
        sql: [
          '-- migrate: no-transaction',
          '-- The index on a big table, built while writes go on.',
          'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "migrator_probe_x_key" ON "migrator_probe" ("x");',
          '--> statement-breakpoint',
          'CREATE INDEX CONCURRENTLY IF NOT EXISTS "migrator_probe_x_idx" ON "migrator_probe" ("x");',
        ].join('\n'),
      },
    ]);
    const lines: string[] = [];
    expect((await migrateWith(url, dir, { log: (line) => lines.push(line) })).map((step) => step.tag)).toEqual([
      '0901_probe_index',
    ]);
    expect(lines[0]).toBe(
      'Index "migrator_probe_x_key" was left invalid by a failed build: dropping it to build it again',
    );
    const { rows } = await query(
      url,
      `SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = 'migrator_probe'::regclass ORDER BY 1`,
    );
    expect(rows).toEqual([
      { relname: 'migrator_probe_x_idx', indisvalid: true },
      { relname: 'migrator_probe_x_key', indisvalid: true },
    ]);
    expect(await bookkeeping(url)).toEqual(drizzleRows(dir));
  });

  it('npm run migrate migrates the database of DATABASE_URL and exits, saying what it applied', async () => {
    const url = await emptyDatabase();
    const cli = path.join(import.meta.dirname, '..', 'cli', 'migrate.ts');
    const env = { PATH: process.env.PATH ?? '', DATABASE_URL: url };
    const { stdout } = await promisify(execFile)(process.execPath, [cli], { env, timeout: 60_000 });
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(journal.entries.length + 1);
    expect(lines[0]).toMatch(/^Migration 0000_init applied in \d+ ms$/);
    expect(lines.at(-1)).toMatch(/^Migrations: up to date \(\d+\.\d s\)$/);
    expect(await bookkeeping(url)).toEqual(drizzleRows(MIGRATIONS_DIR));
  });
});
