import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import { type Archive, archiveOf, type BackupSet, listBackups, pgbackrest } from '../db/backup/pgbackrest.ts';
import { copyNewPictures } from '../db/backup/pictures.ts';
import { readPostmasterPid, startEmbeddedPostgres, stopOrphanedPostgres } from '../db/embedded.ts';
import { isAlive, lockDataDir } from '../lock.ts';
import { localUploadsDir } from '../modules/uploads/index.ts';

const USAGE = `Usage: npm run backup [-- --type full|diff|incr]

Backs up the store in DATA_DIR while it serves: its database with pgBackRest into BACKUP_DIR/pgbackrest (where its
WAL is archived all the time) and its pictures into BACKUP_DIR/pictures. The first backup is full; later ones are
incremental unless --type says otherwise. When no server runs on DATA_DIR, its database is started for the backup.
README "Back up and restore" has the schedule, the retention and the restore.`;

const { values } = parseArgs({
  options: { type: { type: 'string', default: 'incr' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** The running server's PostgreSQL (its port), or undefined when no server runs on DATA_DIR. */
async function runningDatabase(config: Config): Promise<{ port: number } | undefined> {
  const postmaster = await readPostmasterPid(path.join(config.dataDir, 'pg'));
  const lockFile = await fs.readFile(path.join(config.dataDir, 'farmstall.pid'), 'utf8').catch(() => '');
  const server = Number(lockFile.split(' ')[0]);
  if (!postmaster || !isAlive(postmaster.pid) || !server || !isAlive(server)) return undefined;
  return { port: postmaster.port };
}

async function backUp(config: Config, archive: Archive, type: string): Promise<BackupSet> {
  const password = (await fs.readFile(path.join(config.dataDir, 'pg-password'), 'utf8')).trim();
  const running = await runningDatabase(config);
  let stop: (() => Promise<void>) | undefined;
  let port = running?.port;
  if (!running) {
    const lock = await lockDataDir(config.dataDir);
    stop = lock.release;
    if (lock.tookOverFrom !== undefined) await stopOrphanedPostgres(archive.pgDir, console.log);
    console.log(`No server runs on ${config.dataDir}: starting its database for the backup …`);
    const embedded = await startEmbeddedPostgres(config.dataDir, { archive });
    port = Number(new URL(embedded.url).port);
    stop = async () => {
      await embedded.stop();
      await lock.release();
    };
    await pgbackrest(archive, ['stanza-create'], { port, password });
  } else if (!(await fs.stat(archive.configFile).catch(() => undefined))) {
    throw new Error(
      `The server running on ${config.dataDir} does not archive its WAL (WAL_ARCHIVE=off, or pgbackrest was installed after it started): restart it, then back up.`,
    );
  }
  try {
    await pgbackrest(archive, ['backup', `--type=${type}`], { port, password, print: console.log });
  } finally {
    await stop?.();
  }
  const sets = await listBackups(archive);
  const newest = sets.at(-1);
  if (!newest) throw new Error('pgBackRest reported no backup after taking one.');
  return newest;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main() {
  if (!['full', 'diff', 'incr'].includes(values.type)) throw new Error(`--type must be full, diff or incr.\n${USAGE}`);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: that PostgreSQL is backed up where it runs (pgBackRest on its host; docs/deploy.md). This command backs up the embedded store in DATA_DIR.',
    );
  // Whoever started the server wrote pgbackrest.conf from its settings: a running server's is used as it is.
  const archive = archiveOf(config);
  const started = Date.now();
  const set = await backUp(config, archive, values.type);
  const pictures = config.s3
    ? 'pictures are in the S3 bucket (keep its versioning on)'
    : `${await copyNewPictures(localUploadsDir(config), path.join(config.backup.dir, 'pictures'))} new pictures copied`;
  const sets = await listBackups(archive);
  console.log(
    `Backup ${set.label} (${set.type}) taken in ${((Date.now() - started) / 1000).toFixed(1)} s: database ${megabytes(set.sizeBytes)}, ` +
      `${megabytes(set.repositoryBytes)} added to ${archive.repoDir}${config.backup.passphrase ? ' (encrypted)' : ''}; ${pictures}.`,
  );
  console.log(
    `${sets.length} backups kept (${config.backup.retentionFull} full ones and what depends on them); ` +
      `the store can be restored to any moment since ${sets[0]?.stoppedAt.toISOString()}.`,
  );
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
