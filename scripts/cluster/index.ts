import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROLE } from './app-role.ts';
import { accessLogOf, errorLogOf, type NginxLayout, nginxConf, pgbouncerIni } from './configs.ts';
import { type Database, startDatabase } from './database.ts';
import type { HaPostgres } from './ha.ts';
import type { BackrestInfo } from './pgbackrest.ts';
import { freePort, systemUserOptions } from './postgres.ts';
import { accepts, answers, type Child, startProcess, stopProcess, waitFor } from './processes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE_24 = path.join(ROOT, 'node_modules/.bin/node');
const NODE = existsSync(NODE_24) ? NODE_24 : process.execPath;

export type ClusterOptions = {
  /** App servers to start. */
  servers: number;
  /** Where data, configuration and logs go; a new folder under /tmp when not given. */
  dir?: string;
  log?: (line: string) => void;
  /** nginx's port on 127.0.0.1; a free one when not given. */
  port?: number;
  /** More settings for every app server (LOG_LEVEL, JWT_SECRET, …). */
  env?: Record<string, string>;
  /** PostgreSQL under Patroni (two nodes, etcd, HAProxy in front) instead of a fixed primary and replica. */
  ha?: boolean;
};

export type ClusterServer = { port: number; pid: number; url: string; log: string };

/** An app server that exited without being stopped or killed (server: its index). */
export type ServerExit = { server: number; pid: number; code: number | null; signal: string | null; at: number };

export type Cluster = {
  /** nginx: the cluster's address. */
  url: string;
  dir: string;
  servers: ClusterServer[];
  /** Sends a signal (SIGKILL when not given) to app server i; resolves once it has exited (SIGSTOP, SIGCONT: at once). */
  kill: (i: number, signal?: NodeJS.Signals) => Promise<void>;
  /**
   * Restarts app server i on the same port, gracefully: nginx stops sending to it (unless it is the only one left),
   * then SIGTERM, start, back in nginx's upstream. Resolves once it is healthy and nginx sends to it again.
   */
  restart: (i: number) => Promise<void>;
  /** Starts one more app server and adds it to nginx's upstream (a reload); resolves once nginx sends to it. */
  startServer: () => Promise<ClusterServer>;
  replica: { stop: () => Promise<void>; start: () => Promise<void> };
  /** App servers that exited on their own (a crash), not through stop(), kill() or restart(). */
  exits: ServerExit[];
  /** Stops and starts the primary (under Patroni: the leader's Patroni, which hands the lead over). */
  primary: { stop: () => Promise<void>; start: () => Promise<void> };
  /** Stops PgBouncer and starts it again on the same port. */
  restartPooler: () => Promise<void>;
  /** With `ha`: the Patroni nodes and who leads. */
  ha?: HaPostgres;
  /**
   * The primary, directly (not through PgBouncer; under Patroni, HAProxy's primary address), as the app role
   * (app-role.ts: not a superuser), like replicaUrl and poolerUrl: the app servers' settings.
   */
  primaryUrl: string;
  replicaUrl: string;
  /** PgBouncer (pool_mode=transaction) in front of the primary: the app servers' DATABASE_URL. */
  poolerUrl: string;
  /** The primary as the cluster's superuser: replication, pgBackRest and the app role's set-up use it, never the app. */
  adminUrl: string;
  /** pgBackRest on the primary: its WAL archive and backups, in an encrypted repository in `<dir>/pgbackrest/repo`. */
  backup: { run: (args: string[]) => Promise<string>; info: () => Promise<BackrestInfo[]>; dir: string };
  /** nginx's access log: one JSON object a line (deploy/nginx.conf, log_format farmstall). */
  nginxAccessLog: string;
  logsDir: string;
  /** Milliseconds from the call to the cluster answering through nginx. */
  startupMs: number;
  /** Stops everything: app servers (SIGTERM), then nginx, PgBouncer, PostgreSQL. */
  stop: () => Promise<void>;
};

/** The built web app; built first (vite build) when missing. */
function webDir(log: (line: string) => void): string {
  const dir = path.join(ROOT, 'dist/web');
  if (!existsSync(path.join(dir, 'index.html'))) {
    log('Building the web app (vite build) …');
    const built = spawnSync(NODE, ['scripts/build-web.ts'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('The web app did not build (npm run build:web)');
  }
  return dir;
}

/**
 * Starts Farmstall as several processes on this machine, from Debian's packages and deploy/'s reference files:
 * a PostgreSQL primary and its streaming replica, PgBouncer (transaction mode) in front of the primary, `servers`
 * app servers on 127.0.0.1 sharing one picture folder, and nginx as the entry. See docs/deploy.md.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const started = Date.now();
  const say = options.log ?? (() => undefined);
  const log = (line: string) =>
    say(line.startsWith('[') ? line : `${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${line}`);
  const dir = path.resolve(options.dir ?? mkdtempSync('/tmp/farmstall-cluster-'));
  const logsDir = path.join(dir, 'logs');
  const dataDir = path.join(dir, 'data');
  const nginxDir = path.join(dir, 'nginx');
  const bouncerDir = path.join(dir, 'pgbouncer');
  for (const folder of [dir, logsDir, dataDir, nginxDir, bouncerDir]) mkdirSync(folder, { recursive: true });
  // nginx's workers (www-data) read the pictures, PostgreSQL and PgBouncer (postgres) their own folders.
  chmodSync(dir, 0o755);
  const web = webDir(log);

  const running: Child[] = [];
  const servers: (ClusterServer & { process: Child })[] = [];
  let pair: Database | undefined;
  let nginx: Child | undefined;
  let bouncer: Child | undefined;
  let stopping = 0;
  /** App servers stopped or killed on purpose (restart, kill): their exit is no news. */
  const deliberate = new Set<number>();
  const exits: ServerExit[] = [];
  const stop = async () => {
    stopping = Date.now();
    const done = (what: string) => say(`${((Date.now() - stopping) / 1000).toFixed(1).padStart(5)} s  ${what} stopped`);
    await Promise.all(servers.map((server) => stopProcess(server.process)));
    done('app servers');
    if (nginx) await stopProcess(nginx, 'SIGQUIT', 5_000);
    if (bouncer) await stopProcess(bouncer);
    done('nginx and PgBouncer');
    await pair?.stop();
    done('PostgreSQL');
  };
  const safetyNet = () => {
    for (const child of [...servers.map((s) => s.process), ...running])
      if (child.running()) child.child.kill('SIGKILL');
  };
  process.once('exit', safetyNet);

  try {
    log(
      options.ha
        ? 'Starting PostgreSQL under Patroni: etcd, two nodes, HAProxy …'
        : 'Starting PostgreSQL: primary and streaming replica …',
    );
    pair = await startDatabase({ dir, logsDir, ha: options.ha ?? false, log });
    const database = pair;
    log(`PostgreSQL ready, archiving its WAL with pgBackRest; the app servers sign in as ${APP_ROLE}`);

    const primary = new URL(pair.primaryUrl);
    const bouncerPort = await freePort();
    const { uid, gid } = systemUserOptions();
    const bouncerUser = uid !== undefined && gid !== undefined ? { uid, gid } : undefined;
    const userlist = path.join(bouncerDir, 'userlist.txt');
    writeFileSync(userlist, `"${decodeURIComponent(primary.username)}" "${decodeURIComponent(primary.password)}"\n`, {
      mode: 0o600,
    });
    const bouncerConf = path.join(bouncerDir, 'pgbouncer.ini');
    writeFileSync(bouncerConf, pgbouncerIni(pair.primaryUrl, bouncerPort, userlist));
    if (bouncerUser)
      for (const file of [bouncerDir, userlist, bouncerConf]) chownSync(file, bouncerUser.uid, bouncerUser.gid);
    const bouncerLog = path.join(logsDir, 'pgbouncer.log');
    const startBouncer = async () => {
      const started = startProcess('PgBouncer', '/usr/sbin/pgbouncer', [bouncerConf], {
        logFile: bouncerLog,
        user: bouncerUser,
      });
      bouncer = started;
      running.push(started);
      await waitFor('PgBouncer', () => accepts(bouncerPort), { process: started, logFile: bouncerLog });
    };
    const restartPooler = async () => {
      if (bouncer) await stopProcess(bouncer);
      await startBouncer();
    };
    await startBouncer();
    log('PgBouncer ready');
    const poolerUrl = new URL(pair.primaryUrl);
    poolerUrl.port = String(bouncerPort);

    const nginxPort = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${nginxPort}`;
    const environment = (port: number): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: poolerUrl.href,
      DATABASE_DIRECT_URL: pair?.primaryUrl,
      DATABASE_POOL_MODE: 'transaction',
      READ_DATABASE_URL: pair?.replicaUrl,
      DATA_DIR: dataDir,
      WEB_DIR: web,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: url,
      SEED_DEMO: 'true',
      ...options.env,
    });
    const launch = async (i: number, port: number) => {
      const logFile = path.join(logsDir, `server-${i + 1}.log`);
      const child = startProcess(`app server ${i + 1}`, NODE, ['src/server/main.ts'], {
        logFile,
        cwd: ROOT,
        env: environment(port),
      });
      void child.exited.then(({ code, signal }) => {
        if (!stopping && !deliberate.has(child.pid))
          say(`app server ${i + 1} (pid ${child.pid}) exited: code ${code}, signal ${signal}`);
      });
      const server = { port, pid: child.pid, url: `http://127.0.0.1:${port}`, log: logFile, process: child };
      servers[i] = server;
      await waitFor(`App server ${i + 1}`, () => answers(`${server.url}/api/health`), { process: child, logFile });
      return server;
    };
    // Together: one of them migrates (under an advisory lock) and seeds the demo catalog, the others wait for it.
    log(`Starting ${options.servers} app server${options.servers === 1 ? '' : 's'} …`);
    const ports = await Promise.all(Array.from({ length: options.servers }, () => freePort()));
    await Promise.all(ports.map((port, i) => launch(i, port)));
    log('App servers ready');

    const layout: NginxLayout = { dir: nginxDir, logsDir, webDir: web, uploadsDir: path.join(dataDir, 'uploads') };
    const nginxConfFile = path.join(nginxDir, 'nginx.conf');
    const nginxAccessLog = accessLogOf(layout);
    const draining = new Set<number>();
    const writeNginxConf = () =>
      writeFileSync(
        nginxConfFile,
        nginxConf(
          layout,
          nginxPort,
          servers.map((server) => server.port),
          draining,
        ),
      );
    writeNginxConf();
    const nginxLog = errorLogOf(layout);
    nginx = startProcess(
      'nginx',
      '/usr/sbin/nginx',
      ['-p', nginxDir, '-e', nginxLog, '-c', nginxConfFile, '-g', 'daemon off;'],
      {
        logFile: nginxLog,
      },
    );
    running.push(nginx);
    await waitFor('nginx', () => answers(`${url}/api/health`), { process: nginx, logFile: nginxLog });
    const startupMs = Date.now() - started;
    log(`nginx ready: ${url}`);

    const reloadNginx = async () => {
      if (!nginx) return;
      const before = workerPids(nginx.pid);
      writeNginxConf();
      nginx.child.kill('SIGHUP');
      await waitFor('nginx reload', async () => {
        const now = workerPids(nginx?.pid ?? 0);
        return now.length > 0 && !now.some((pid) => before.includes(pid));
      });
    };

    const server = (i: number) => {
      const found = servers[i];
      if (!found) throw new Error(`No app server ${i} (there are ${servers.length})`);
      return found;
    };
    const publicServer = ({ port, pid, url, log }: ClusterServer) => ({ port, pid, url, log });
    const view = servers.map(publicServer);
    const cluster: Cluster = {
      url,
      dir,
      servers: view,
      kill: async (i, signal = 'SIGKILL') => {
        if (signal !== 'SIGSTOP' && signal !== 'SIGCONT') deliberate.add(server(i).pid);
        server(i).process.child.kill(signal);
        if (signal !== 'SIGSTOP' && signal !== 'SIGCONT') await server(i).process.exited;
      },
      // A graceful restart: nginx first stops sending to the server (marked down, reloaded: the old workers finish
      // their requests and close their connections to it), so that no request meets it while it stops.
      restart: async (i) => {
        const { port } = server(i);
        const others = servers.some((other, j) => j !== i && other.process.running());
        if (others) {
          draining.add(port);
          await reloadNginx();
        }
        deliberate.add(server(i).pid);
        await stopProcess(server(i).process);
        view[i] = publicServer(await launch(i, port));
        if (draining.delete(port)) await reloadNginx();
      },
      startServer: async () => {
        const added = publicServer(await launch(servers.length, await freePort()));
        view.push(added);
        await reloadNginx();
        return added;
      },
      exits,
      replica: database.replica,
      primary: database.primary,
      restartPooler,
      ha: database.ha,
      primaryUrl: pair.primaryUrl,
      replicaUrl: pair.replicaUrl,
      poolerUrl: poolerUrl.href,
      adminUrl: pair.adminUrl,
      backup: database.backup,
      nginxAccessLog,
      logsDir,
      startupMs,
      stop: async () => {
        await stop();
        process.off('exit', safetyNet);
      },
    };
    return cluster;
  } catch (error) {
    await stop().catch(() => undefined);
    process.off('exit', safetyNet);
    throw error;
  }
}

/** nginx's worker processes: the children of its master. */
function workerPids(masterPid: number): number[] {
  try {
    return readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
