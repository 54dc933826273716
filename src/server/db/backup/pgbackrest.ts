import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';

/** The one stanza (pgBackRest's name for a PostgreSQL cluster it backs up) of a store's repository. */
export const STANZA = 'farmstall';

/** How pgBackRest backs up the embedded PostgreSQL of one DATA_DIR. */
export type Archive = {
  binary: string;
  /** DATA_DIR/pg, PostgreSQL's data folder. */
  pgDir: string;
  /** DATA_DIR/pgbackrest.conf, written at every start (mode 0600: it holds the passphrase). */
  configFile: string;
  /** BACKUP_DIR/pgbackrest, the repository. */
  repoDir: string;
  /** Where PostgreSQL opens its Unix socket, for pgBackRest's own connection (owner only). */
  socketDir: string;
  /** pgBackRest's lock files. */
  lockDir: string;
  passphrase: string | undefined;
  retentionFull: number;
  archiveTimeoutSeconds: number;
};

/** The pgbackrest program on PATH, or undefined. */
export function findPgbackrest(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin'];
  return dirs
    .filter((folder) => path.isAbsolute(folder))
    .map((folder) => path.join(folder, 'pgbackrest'))
    .find((file) => existsSync(file));
}

/**
 * Whether this store archives its WAL with pgBackRest: WAL_ARCHIVE=on needs pgbackrest installed (the start fails
 * without it), auto archives when it is, off never. Only the embedded PostgreSQL: an external one (DATABASE_URL)
 * is backed up where it runs (docs/deploy.md).
 */
export function walArchive(config: Config, log?: (line: string) => void): Archive | undefined {
  const { walArchive: setting } = config.backup;
  if (config.databaseUrl || setting === 'off') return undefined;
  const binary = findPgbackrest();
  if (!binary) {
    const install = 'install it with `apt-get install pgbackrest` (Debian, Ubuntu)';
    if (setting === 'on') throw new Error(`WAL_ARCHIVE=on, but pgbackrest is not installed: ${install}.`);
    log?.(`No backups: pgbackrest is not installed, so nothing archives the store's WAL; ${install}.`);
    return undefined;
  }
  return archiveOf(config, binary);
}

/** The archive settings of a configuration, whatever WAL_ARCHIVE says (backup and restore use them). */
export function archiveOf(config: Config, binary = findPgbackrest()): Archive {
  if (!binary) throw new Error('pgbackrest is not installed: install it with `apt-get install pgbackrest`.');
  return {
    binary,
    pgDir: path.join(config.dataDir, 'pg'),
    configFile: path.join(config.dataDir, 'pgbackrest.conf'),
    repoDir: path.join(config.backup.dir, 'pgbackrest'),
    socketDir: socketDirFor(config.dataDir),
    lockDir: path.join(config.dataDir, 'run', 'pgbackrest'),
    passphrase: config.backup.passphrase,
    retentionFull: config.backup.retentionFull,
    archiveTimeoutSeconds: config.backup.archiveTimeoutSeconds,
  };
}

/**
 * DATA_DIR/run, unless the socket's path (`<dir>/.s.PGSQL.<port>`) would pass the 107 bytes a Unix socket's name may
 * have: then a folder of the temporary directory named after DATA_DIR.
 */
function socketDirFor(dataDir: string): string {
  const preferred = path.join(dataDir, 'run');
  if (Buffer.byteLength(`${preferred}/.s.PGSQL.65535`) <= 107) return preferred;
  return path.join(os.tmpdir(), `farmstall-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
}

/** A value for a shell command line (PostgreSQL runs archive_command and restore_command with /bin/sh). */
const shellQuoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The settings PostgreSQL starts with so that every WAL segment is pushed to the repository as it fills. */
export function archiveFlags(archive: Archive): string[] {
  const push = `${shellQuoted(archive.binary)} --config=${shellQuoted(archive.configFile)} --stanza=${STANZA} archive-push %p`;
  return [
    ['unix_socket_directories', archive.socketDir],
    ['unix_socket_permissions', '0700'],
    ['archive_mode', 'on'],
    ['archive_command', push],
    ['archive_timeout', String(archive.archiveTimeoutSeconds)],
  ].flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** The system user PostgreSQL runs as: `postgres` when Farmstall runs as root (decision 002), else this process's. */
function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const [uid, gid] = [id('-u'), id('-g')];
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0)
    throw new Error('Farmstall runs as root but there is no system user "postgres" for PostgreSQL and pgBackRest.');
  return { uid, gid };
}

/** Creates a folder (and its parents) and gives it to PostgreSQL's system user, readable by it alone. */
async function ownedFolder(folder: string, owner: { uid: number; gid: number } | undefined): Promise<void> {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  if (owner) await fs.chown(folder, owner.uid, owner.gid);
}

/**
 * Before PostgreSQL starts: pgbackrest.conf and its folders, and a copy of DATA_DIR/pg-password inside DATA_DIR/pg, so
 * that every backup carries the password its database was made with (a restore onto a new disk needs it).
 */
export async function prepareArchive(archive: Archive, passwordFile: string): Promise<void> {
  await writeArchiveConfig(archive);
  const owner = postgresOwner();
  const copy = path.join(archive.pgDir, PASSWORD_COPY);
  await fs.copyFile(passwordFile, copy);
  await fs.chmod(copy, 0o600);
  if (owner) await fs.chown(copy, owner.uid, owner.gid);
}

/** Writes pgbackrest.conf (mode 0600, PostgreSQL's user's) and the folders it names. */
export async function writeArchiveConfig(archive: Archive): Promise<void> {
  const owner = postgresOwner();
  // BACKUP_DIR itself too (its parents as any folder): PostgreSQL's user must be able to enter it.
  await fs.mkdir(path.dirname(path.dirname(archive.repoDir)), { recursive: true });
  for (const folder of [path.dirname(archive.repoDir), archive.repoDir, archive.socketDir, archive.lockDir])
    await ownedFolder(folder, owner);
  const lines = [
    '[global]',
    `repo1-path=${archive.repoDir}`,
    `repo1-retention-full=${archive.retentionFull}`,
    ...(archive.passphrase ? ['repo1-cipher-type=aes-256-cbc', `repo1-cipher-pass=${archive.passphrase}`] : []),
    'compress-type=zst',
    'start-fast=y',
    `lock-path=${archive.lockDir}`,
    'log-level-file=off',
    'log-level-console=warn',
    'log-level-stderr=off',
    '',
    `[${STANZA}]`,
    `pg1-path=${archive.pgDir}`,
    `pg1-socket-path=${archive.socketDir}`,
    'pg1-user=farmstall',
    '',
  ];
  await fs.writeFile(archive.configFile, lines.join('\n'), { mode: 0o600 });
  await fs.chmod(archive.configFile, 0o600);
  if (owner) await fs.chown(archive.configFile, owner.uid, owner.gid);
}

/** An empty data folder for a restore, PostgreSQL's user's, readable by it alone. */
export async function emptyDataFolder(archive: Archive): Promise<void> {
  await ownedFolder(archive.pgDir, postgresOwner());
}

/** The name of the copy of DATA_DIR/pg-password inside DATA_DIR/pg (so inside every backup). */
export const PASSWORD_COPY = 'farmstall-password';

/** What a pgbackrest command printed; it throws with pgBackRest's own ERROR lines when the command fails. */
export async function pgbackrest(
  archive: Archive,
  args: string[],
  options: { password?: string; port?: number; print?: (line: string) => void } = {},
): Promise<string> {
  const owner = postgresOwner();
  const command = [
    `--config=${archive.configFile}`,
    `--stanza=${STANZA}`,
    ...(options.port ? [`--pg1-port=${options.port}`] : []),
    ...(options.print ? ['--log-level-console=info'] : []),
    ...args,
  ];
  const child = spawn(archive.binary, command, {
    ...owner,
    cwd: os.tmpdir(),
    env: {
      PATH: process.env.PATH,
      // An operator's own pgBackRest settings (PGBACKREST_REPO1_TYPE=s3, …), as archive-push gets them from PostgreSQL.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('PGBACKREST_'))),
      ...(options.password ? { PGPASSWORD: options.password } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n'))
        if (line.trim() && !/ command (begin|end)/.test(line)) options.print?.(line);
    });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) {
    const errors = output
      .split('\n')
      .filter((line) => /ERROR|WARN/.test(line))
      .map((line) => line.replace(/^.*?(ERROR|WARN)/, '$1'))
      .join(' ');
    throw new Error(`pgbackrest ${args[0]} failed (exit ${code}): ${errors || output.trim()}`);
  }
  return output;
}

/** Creates the stanza (idempotent: an existing one that matches the database is left as it is). */
export async function ensureStanza(archive: Archive, connection: { port: number; password: string }): Promise<void> {
  await pgbackrest(archive, ['stanza-create'], connection);
}

export type BackupSet = {
  label: string;
  type: 'full' | 'diff' | 'incr';
  startedAt: Date;
  stoppedAt: Date;
  /** The database's size at that backup, and what it took in the repository (compressed, only what changed). */
  sizeBytes: number;
  repositoryBytes: number;
};

/** The backups in the repository, oldest first, and the span of archived WAL (the times a restore can reach). */
export async function listBackups(archive: Archive): Promise<BackupSet[]> {
  const [stanza] = JSON.parse(await pgbackrest(archive, ['info', '--output=json'])) as {
    backup?: {
      label: string;
      type: BackupSet['type'];
      timestamp: { start: number; stop: number };
      info: { size: number; repository: { delta: number } };
    }[];
  }[];
  return (stanza?.backup ?? []).map((set) => ({
    label: set.label,
    type: set.type,
    startedAt: new Date(set.timestamp.start * 1000),
    stoppedAt: new Date(set.timestamp.stop * 1000),
    sizeBytes: set.info.size,
    repositoryBytes: set.info.repository.delta,
  }));
}

/** How old the newest backup is, said more loudly when there is none or it is over a week old. */
export function describeNewestBackup(sets: BackupSet[], now = Date.now()): string {
  const newest = sets.at(-1);
  if (!newest) return 'No backup yet: run `npm run backup` (README "Back up and restore").';
  const days = Math.floor((now - newest.stoppedAt.getTime()) / 86_400_000);
  const age = days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`;
  const warning = days > 7 ? ' Backups are overdue: check the backup timer (README "Back up and restore").' : '';
  return `Newest backup: ${newest.label}, ${age}.${warning}`;
}
