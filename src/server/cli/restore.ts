import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import {
  type Archive,
  archiveOf,
  emptyDataFolder,
  PASSWORD_COPY,
  pgbackrest,
  writeArchiveConfig,
} from '../db/backup/pgbackrest.ts';
import { copyNewPictures } from '../db/backup/pictures.ts';
import { createDb, createPool } from '../db/client.ts';
import { startEmbeddedPostgres, stopOrphanedPostgres } from '../db/embedded.ts';
import { lockDataDir } from '../lock.ts';
import { getAdminStats } from '../modules/stats/index.ts';
import { localUploadsDir } from '../modules/uploads/index.ts';

const USAGE = `Usage: npm run restore -- --to <ISO time> | --latest

Brings the store in DATA_DIR back from BACKUP_DIR, with the server stopped: its database as it was at that moment
(--to 2026-11-28T14:05:00Z, any time since the first backup) or as late as the archived WAL goes (--latest), and its
pictures. The database found in DATA_DIR/pg is moved aside, not deleted. Run it with the server's settings
(DATA_DIR, BACKUP_DIR, BACKUP_PASSPHRASE). Then start the server, and reconcile the payments made after that moment:
npm run reconcile -- --since <the same time>.`;

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    latest: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** pgBackRest's restore options for the chosen moment. */
function target(): { args: string[]; said: string } {
  if (values.latest === (values.to !== undefined)) throw new Error(`Give --to <ISO time> or --latest.\n${USAGE}`);
  if (values.latest) return { args: [], said: 'as late as the archived WAL goes' };
  const moment = new Date(values.to ?? '');
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(values.to ?? '') || Number.isNaN(moment.getTime()))
    throw new Error(`--to must be an ISO time such as 2026-11-28T14:05:00Z, not "${values.to}".`);
  if (moment.getTime() > Date.now()) throw new Error(`--to ${values.to} is in the future.`);
  return {
    // pgBackRest chooses the backup set by this time only in its own form: 2026-11-28 14:05:00.000+00.
    args: [
      '--type=time',
      `--target=${moment.toISOString().replace('T', ' ').replace('Z', '+00')}`,
      '--target-action=promote',
    ],
    said: `to ${moment.toISOString()}`,
  };
}

/** Starts the restored database (PostgreSQL replays WAL up to the moment, then opens) and says what it holds. */
async function recover(config: Config, archive: Archive | undefined): Promise<string> {
  const embedded = await startEmbeddedPostgres(config.dataDir, { archive });
  const pool = createPool(embedded.url, 1);
  try {
    const stats = await getAdminStats(createDb(pool));
    return (
      `${stats.totalOrders} orders ($${stats.totalCustomerPayments.toFixed(2)} kept), ` +
      `${stats.totalCustomers} customers, ${stats.totalVendors} vendors`
    );
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

async function main() {
  const moment = target();
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: that PostgreSQL is restored where it runs (docs/deploy.md).');
  const archive = archiveOf(config);
  let lock: Awaited<ReturnType<typeof lockDataDir>>;
  try {
    lock = await lockDataDir(config.dataDir);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)} A restore needs the server stopped.`);
  }
  const started = Date.now();
  const aside = `${archive.pgDir}-before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  let movedAside = false;
  try {
    if (lock.tookOverFrom !== undefined) await stopOrphanedPostgres(archive.pgDir, console.log);
    if (existsSync(archive.pgDir)) {
      await fs.rename(archive.pgDir, aside);
      movedAside = true;
    }
    await writeArchiveConfig(archive);
    await emptyDataFolder(archive);
    console.log(`Restoring the database ${moment.said} from ${archive.repoDir} …`);
    await pgbackrest(archive, ['restore', ...moment.args], { print: console.log });
    const passwordFile = path.join(config.dataDir, 'pg-password');
    if (!existsSync(passwordFile)) await fs.copyFile(path.join(archive.pgDir, PASSWORD_COPY), passwordFile);
    console.log('Replaying the archived WAL …');
    const holds = await recover(config, config.backup.walArchive === 'off' ? undefined : archive);
    const pictures = config.s3
      ? 'pictures are in the S3 bucket'
      : `${await copyNewPictures(path.join(config.backup.dir, 'pictures'), localUploadsDir(config))} pictures brought back`;
    console.log(
      `Restored ${moment.said} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${holds}; ${pictures}.\n` +
        (movedAside
          ? `The database that was in DATA_DIR is kept in ${aside}: remove it once you are satisfied.\n`
          : '') +
        `Start the server (npm start), take a full backup (npm run backup -- --type full), and settle what the payment provider did since: npm run reconcile -- --since ${values.to ?? '<the time of the last order above>'}`,
    );
  } catch (error) {
    if (movedAside) {
      await fs.rm(archive.pgDir, { recursive: true, force: true });
      await fs.rename(aside, archive.pgDir);
    }
    const kept = movedAside ? ' The database that was in DATA_DIR is back in its place, unchanged.' : '';
    throw new Error(`${error instanceof Error ? error.message : String(error)}${kept}`);
  } finally {
    await lock.release();
  }
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
