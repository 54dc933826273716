import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { EXTENSIONS } from '../../src/server/db/client.ts';

/**
 * The role the app servers sign in as (directly, through PgBouncer and on the replica): not a superuser, it may not
 * create roles or databases; it owns the database, so its migrations create and alter the tables. The cluster's
 * superuser only replicates, backs up, and makes this role and the extensions (docs/deploy.md, "Database roles").
 */
export const APP_ROLE = 'farmstall_app';

/**
 * Makes (or brings up to date) the app role with the password kept in `<dir>/app-password`, gives it the database
 * of `adminUrl` (a superuser's URL) and creates the extensions the migrations need there, which it may not create;
 * returns a function that turns any of the cluster's superuser URLs into the app role's.
 */
export async function prepareAppRole(dir: string, adminUrl: string): Promise<(url: string) => string> {
  const passwordFile = path.join(dir, 'app-password');
  const password = existsSync(passwordFile)
    ? (await fs.readFile(passwordFile, 'utf8')).trim()
    : randomUUID().replaceAll('-', '');
  await fs.writeFile(passwordFile, password, { mode: 0o600 });
  const database = new URL(adminUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE])).rowCount;
    const options = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${client.escapeLiteral(password)}`;
    await client.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} ${options}`);
    await client.query(`ALTER DATABASE ${database} OWNER TO ${APP_ROLE}`);
    for (const extension of EXTENSIONS) await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
    // A folder kept from a cluster whose app servers ran as the superuser: its tables are the superuser's.
    const { rows } = await client.query<{ tables: string | null }>(
      `SELECT string_agg(c.relname, ', ' ORDER BY c.relname) AS tables FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relowner <> $1::regrole`,
      [APP_ROLE],
    );
    if (rows[0].tables)
      throw new Error(
        `The database in ${dir} has tables the app role ${APP_ROLE} does not own (${rows[0].tables.slice(0, 200)}): ` +
          'it was made when the app servers ran as the superuser. Start the cluster on a new --dir.',
      );
  } finally {
    await client.end();
  }
  return (url) => {
    const app = new URL(url);
    app.username = APP_ROLE;
    app.password = password;
    return app.href;
  };
}
