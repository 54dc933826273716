import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { withDatabase } from '../../test/global-setup.ts';

/** Migration 0051 (decision 048): the accounts that exist count as verified, new ones start unverified, no rewrite. */
const BEFORE = '0051_email_verification';
const name = `test_verified_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
let client: pg.Client;

/** The migrations folder as it stood before the migration: every one up to the one before, and its journal. */
async function folderBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-before-'));
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag),
  );
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag: file } of entries) {
    await fs.copyFile(path.join(MIGRATIONS_DIR, `${file}.sql`), path.join(dir, `${file}.sql`));
  }
  return dir;
}

beforeAll(async () => {
  const serverUrl = inject('databaseUrl');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: await folderBefore(BEFORE) });
});

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0051', () => {
  it('verifies the accounts that exist without rewriting users; accounts made afterwards start unverified', async () => {
    await client.query(`INSERT INTO users (name, email) VALUES ('Old Timer', 'old-timer@example.com')`);
    const fileBefore = (await client.query(`SELECT pg_relation_filenode('users') AS node`)).rows[0].node;

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });

    // The same file on disk: the table was not rewritten.
    expect((await client.query(`SELECT pg_relation_filenode('users') AS node`)).rows[0].node).toBe(fileBefore);
    const old = await client.query(`SELECT email_verified_at FROM users WHERE email = 'old-timer@example.com'`);
    expect(old.rows[0].email_verified_at).toBeInstanceOf(Date);
    await client.query(`INSERT INTO users (name, email) VALUES ('New Comer', 'new-comer@example.com')`);
    const fresh = await client.query(`SELECT email_verified_at FROM users WHERE email = 'new-comer@example.com'`);
    expect(fresh.rows[0].email_verified_at).toBeNull();
  });
});
