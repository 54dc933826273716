import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/server/db/embedded.ts';
import type { Backrest } from './pgbackrest.ts';

export { freePort };

const USER = 'farmstall';
const DATABASE = 'farmstall';
const SLOT = 'farmstall_replica';

export type PostgresServer = { port: number; stop: () => Promise<void>; start: () => Promise<void> };
export type PostgresPair = {
  primaryUrl: string;
  replicaUrl: string;
  primary: PostgresServer;
  replica: PostgresServer;
  stop: () => Promise<void>;
};

/** The folder of Debian's PostgreSQL 15 binaries (initdb, postgres, pg_basebackup); throws a clear error when absent. */
export function postgresBinDir(): string {
  const candidates = ['/usr/lib/postgresql/15/bin'];
  const configured = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (configured.status === 0) candidates.unshift(configured.stdout.trim());
  const found = candidates.find(
    (dir) => existsSync(path.join(dir, 'pg_basebackup')) && existsSync(path.join(dir, 'initdb')),
  );
  if (!found)
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_basebackup) were not found in `pg_config --bindir` or /usr/lib/postgresql/15/bin. ' +
        'Install them with: apt-get install postgresql',
    );
  return found;
}

/**
 * PostgreSQL (and pgbouncer) refuse to run as root: as root, the spawn options that run a program as the
 * system user `postgres`; otherwise none.
 */
export function systemUserOptions(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      'Running as root, PostgreSQL needs the system user "postgres": apt-get install postgresql creates it.',
    );
  }
}

/** A folder the system user `postgres` owns (when we are root), and can reach. */
export async function ownedFolder(dir: string, mode = 0o700): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode });
  const { uid, gid } = systemUserOptions();
  if (uid === undefined || gid === undefined) return;
  await fs.chown(dir, uid, gid);
  await fs.chmod(dir, mode);
  for (let current = path.dirname(path.resolve(dir)); ; current = path.dirname(current)) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, (stat.mode & 0o777) | 0o711);
    if (current === path.dirname(current)) break;
  }
}

/** Runs a PostgreSQL binary (as `postgres` when root) to completion; throws with its output when it fails. */
async function run(bin: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(path.join(postgresBinDir(), bin), args, {
    ...systemUserOptions(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${code}): ${output.trim().slice(-1_000)}`);
}

/** One postmaster on `dataDir` (as `postgres` when root), started and stopped on demand; `settings` as `-c`. */
export function postgresServer(
  name: string,
  dataDir: string,
  port: number,
  url: string,
  log?: (line: string) => void,
  settings: Record<string, string> = {},
): PostgresServer {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    if (child) return;
    const recent: string[] = [];
    const args = [
      '-D',
      dataDir,
      '-p',
      String(port),
      ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ];
    const proc = spawn(path.join(postgresBinDir(), 'postgres'), args, {
      ...systemUserOptions(),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a terminal's Ctrl-C reaches the cluster script only, which stops the app servers
      // before PostgreSQL.
      detached: true,
    });
    child = proc;
    let gone = false;
    exited = new Promise((resolve) =>
      proc.on('exit', () => {
        gone = true;
        if (child === proc) child = undefined;
        resolve();
      }),
    );
    const onOutput = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        recent.push(line);
        if (recent.length > 20) recent.shift();
        log?.(`[${name}] ${line}`);
      }
    };
    proc.stdout?.on('data', onOutput);
    proc.stderr?.on('data', onOutput);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (gone) throw new Error(`PostgreSQL ${name} (${dataDir}) did not start: ${recent.slice(-5).join(' ')}`);
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
      const ready = await client
        .connect()
        .then(() => client.query('select 1'))
        .then(
          () => true,
          () => false,
        )
        .finally(() => client.end().catch(() => undefined));
      if (ready) return;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`PostgreSQL ${name} (${dataDir}) did not accept connections within 60 s.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  // Fast shutdown (sessions end, a checkpoint is written); immediate shutdown if that takes more than 10 s.
  const stop = async () => {
    const proc = child;
    if (!proc) return;
    proc.kill('SIGINT');
    const timer = setTimeout(() => proc.kill('SIGQUIT'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { port, start, stop };
}

async function appendConf(dataDir: string, file: string, lines: string[]): Promise<void> {
  await fs.appendFile(path.join(dataDir, file), `\n${lines.join('\n')}\n`);
}

/**
 * A Debian PostgreSQL 15 primary (wal_level=replica) and a streaming replica made from it with
 * pg_basebackup -R, both on 127.0.0.1 on free ports, user `farmstall` with a password (scram), database
 * `farmstall`, data in `dir` (kept: a second call on the same `dir` starts the same pair again). With `archive`,
 * the primary archives its WAL with pgBackRest (the stanza is created once the primary runs).
 */
export async function startPostgresPair({
  dir,
  log,
  archive,
}: {
  dir: string;
  log?: (line: string) => void;
  archive?: (password: string) => Promise<Backrest>;
}): Promise<PostgresPair & { backrest?: Backrest }> {
  postgresBinDir();
  await fs.mkdir(dir, { recursive: true });
  const primaryDir = path.join(path.resolve(dir), 'primary');
  const replicaDir = path.join(path.resolve(dir), 'replica');
  const passwordFile = path.join(dir, 'password');
  const password = existsSync(passwordFile)
    ? (await fs.readFile(passwordFile, 'utf8')).trim()
    : crypto.randomUUID().replaceAll('-', '');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const urlOf = (port: number, database = DATABASE) => `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`;
  const backrest = await archive?.(password);
  await backrest?.configure({ name: 'primary', dataDir: primaryDir, port: primaryPort, socketDir: primaryDir });
  const archiving: Record<string, string> = backrest
    ? { archive_mode: 'on', archive_command: backrest.archiveCommand('primary') }
    : {};
  const primary = postgresServer('primary', primaryDir, primaryPort, urlOf(primaryPort, 'postgres'), log, archiving);
  const replica = postgresServer('replica', replicaDir, replicaPort, urlOf(replicaPort, 'postgres'), log);
  const stopBoth = async () => {
    await replica.stop();
    await primary.stop();
  };
  try {
    if (!existsSync(path.join(primaryDir, 'PG_VERSION'))) {
      await fs.rm(primaryDir, { recursive: true, force: true });
      await fs.rm(replicaDir, { recursive: true, force: true });
      await ownedFolder(primaryDir);
      const pwfile = path.join(primaryDir, '..', 'initdb-password');
      await fs.writeFile(pwfile, password, { mode: 0o600 });
      await fs.writeFile(passwordFile, password, { mode: 0o600 });
      const { uid, gid } = systemUserOptions();
      if (uid !== undefined && gid !== undefined) await fs.chown(pwfile, uid, gid);
      await run('initdb', [
        '-D',
        primaryDir,
        '-U',
        USER,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ]).finally(() => fs.rm(pwfile, { force: true }));
      await appendConf(primaryDir, 'postgresql.conf', [
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${primaryDir}'`,
        'wal_level = replica',
        'max_wal_senders = 5',
        'max_replication_slots = 5',
        'hot_standby = on',
        'max_connections = 200',
      ]);
      await appendConf(primaryDir, 'pg_hba.conf', [`host replication ${USER} 127.0.0.1/32 scram-sha-256`]);
      await primary.start();
      const client = new pg.Client({ connectionString: urlOf(primaryPort, 'postgres') });
      await client.connect();
      await client.query(`create database ${DATABASE}`).finally(() => client.end());
    } else {
      await primary.start();
    }
    if (!existsSync(path.join(replicaDir, 'PG_VERSION'))) {
      await fs.rm(replicaDir, { recursive: true, force: true });
      await ownedFolder(replicaDir);
      const conninfo = `host=127.0.0.1 port=${primaryPort} user=${USER} password=${password}`;
      await run('pg_basebackup', [
        '-d',
        conninfo,
        '-D',
        replicaDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '-C',
        '-S',
        SLOT,
      ]);
      await appendConf(replicaDir, 'postgresql.conf', [`unix_socket_directories = '${replicaDir}'`]);
    }
    // The primary's port changes with each start: the replica follows it.
    await appendConf(replicaDir, 'postgresql.auto.conf', [
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=${USER} password=${password}'`,
      `primary_slot_name = '${SLOT}'`,
    ]);
    await replica.start();
    await backrest?.createStanza('primary');
  } catch (error) {
    await stopBoth();
    throw error;
  }
  return { primaryUrl: urlOf(primaryPort), replicaUrl: urlOf(replicaPort), primary, replica, stop: stopBoth, backrest };
}
