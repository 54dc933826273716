import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/client.ts';

const USAGE = `Usage: npm run migrate

Applies the pending migrations to the server's database and exits: the separate migrate step of a release on a
cluster (docs/deploy.md, "Upgrades"), run once from one host before the app servers are rolled. Each migration runs
in its own transaction and gives up waiting for a lock after 1 s, tries again a few times, then fails naming the
migration, the table and the session holding it (docs/migrations.md). Under the same advisory lock as a server's
start, so a server that starts meanwhile waits for it and then finds nothing to do.
The database is DATABASE_DIRECT_URL, else DATABASE_URL (the primary itself, not PgBouncer). The embedded database
(neither set) migrates at the server's start.
Exit code: 0 migrated (or nothing to do); 1 a migration failed (the message says which and why); 2 wrong usage.`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const config = loadConfig();
  const url = config.databaseDirectUrl ?? config.databaseUrl;
  if (values.help || positionals.length > 0 || !url) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const started = Date.now();
  await runMigrations(url, { log: (line) => console.log(line) });
  console.log(`Migrations: up to date (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
