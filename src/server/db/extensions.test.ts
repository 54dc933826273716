import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXTENSIONS, runMigrations } from './client.ts';

// A database role that is not a superuser (issue 34, item 1): earthdistance is not a trusted extension, so the first
// start fails naming the cause and the one-time step; once a superuser has run that step, the role migrates alone.
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const ROLE = `app_${suffix}`;
const DATABASE = `ext_${suffix}`;
const PASSWORD = 'App#Role2026-not-super';
const serverUrl = () => inject('databaseUrl');
const urlAs = (database: string, user?: { name: string; password: string }) => {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  if (user) {
    url.username = user.name;
    url.password = user.password;
  }
  return url.toString();
};

async function asSuperuser(database: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: urlAs(database) });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The role owns its database (it may create tables and trusted extensions), as docs/deploy.md sets it up.
  await asSuperuser(
    'postgres',
    `CREATE ROLE ${ROLE} LOGIN NOSUPERUSER PASSWORD '${PASSWORD}'`,
    `CREATE DATABASE ${DATABASE} OWNER ${ROLE}`,
  );
});
afterAll(async () => {
  await asSuperuser('postgres', `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`, `DROP ROLE IF EXISTS ${ROLE}`);
});

describe('the database extensions with a role that is not a superuser', () => {
  it('fails naming the extension, the cause and the one-time step, then migrates once a superuser has run it', async () => {
    const appUrl = urlAs(DATABASE, { name: ROLE, password: PASSWORD });
    const failed = await runMigrations(appUrl).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failed?.message).toMatch(/^Cannot create the PostgreSQL extension earthdistance: permission denied/);
    expect(failed?.message).toContain('the database role may not create it');
    expect(failed?.message).toContain(
      'Run once as a superuser in this database: CREATE EXTENSION IF NOT EXISTS pg_trgm;',
    );
    expect(failed?.message).not.toContain('\n');

    await asSuperuser(DATABASE, ...EXTENSIONS.map((name) => `CREATE EXTENSION IF NOT EXISTS ${name}`));
    await runMigrations(appUrl);
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    const { rows } = await client.query(
      'select rolsuper from pg_roles where rolname = current_user union all select count(*) > 0 from products',
    );
    await client.end();
    expect(rows.map((row) => row.rolsuper)).toEqual([false, false]);
  });
});
