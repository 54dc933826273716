import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { etcdYml, haproxyCfg, type PatroniNode, patroniYml } from './configs.ts';
import type { Backrest } from './pgbackrest.ts';
import { freePort, ownedFolder, postgresBinDir, systemUserOptions } from './postgres.ts';
import { accepts, type Child, startProcess, stopProcess, waitFor } from './processes.ts';

const USER = 'farmstall';
const DATABASE = 'farmstall';
const NODES = ['pg1', 'pg2'];

export type HaNode = {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  /** Patroni's process id while it runs. */
  patroniPid: () => number | undefined;
  /** The postmaster's process id (postmaster.pid), while PostgreSQL runs. */
  postgresPid: () => number | undefined;
  /** `kill -9` of Patroni and of PostgreSQL's postmaster, as a machine's crash would; resolves once Patroni exited. */
  crash: () => Promise<void>;
  /** Starts Patroni (which starts PostgreSQL) again, as systemd would after a crash. */
  start: () => Promise<void>;
  /** Stops Patroni, which stops PostgreSQL first. */
  stop: () => Promise<void>;
  /** GET on this node's Patroni REST API: its status code, 0 when it does not answer. */
  rest: (what: 'primary' | 'replica' | 'health') => Promise<number>;
};

export type HaPostgres = {
  /** HAProxy's primary address: whichever node is the leader now. */
  primaryUrl: string;
  /** HAProxy's replica address: a running replica. */
  replicaUrl: string;
  nodes: HaNode[];
  /** The node Patroni's REST API names leader now (asked of every node that answers). */
  leader: () => Promise<string | undefined>;
  /** Stops HAProxy, both Patroni nodes (and their PostgreSQL), then etcd. */
  stop: () => Promise<void>;
};

/** Patroni's view of the cluster, from GET /cluster. */
type ClusterView = { members: { name: string; role: string; state: string; timeline?: number }[] };

export async function restGet(port: number, what: string): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/${what}`, { signal: AbortSignal.timeout(1_000) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { status: 0, body: undefined };
  }
}

/**
 * Two PostgreSQL 15 nodes under Patroni (deploy/patroni.yml) with etcd (deploy/etcd.yml) as its store and HAProxy
 * (deploy/haproxy.cfg) in front, everything on 127.0.0.1 with its files in `dir`: the first node to start creates the
 * cluster and leads, the other becomes its synchronous replica. Each node archives its WAL with `backrest`.
 */
export async function startHaPostgres({
  dir,
  logsDir,
  password,
  backrest,
  log,
}: {
  dir: string;
  logsDir: string;
  password: string;
  backrest: Backrest;
  log: (line: string) => void;
}): Promise<HaPostgres> {
  const root = path.resolve(dir);
  await ownedFolder(root, 0o750);
  const socketDir = path.join(root, 'run');
  await ownedFolder(socketDir, 0o750);
  const user = systemUserOptions();
  const asPostgres = user.uid !== undefined && user.gid !== undefined ? { uid: user.uid, gid: user.gid } : undefined;
  const running: Child[] = [];

  const [etcdClient, etcdPeer] = [await freePort(), await freePort()];
  const etcdDir = path.join(root, 'etcd');
  const etcdConf = path.join(root, 'etcd.yml');
  await fs.writeFile(etcdConf, etcdYml(etcdDir, etcdClient, etcdPeer));
  const etcdLog = path.join(logsDir, 'etcd.log');
  const etcd = startProcess('etcd', '/usr/bin/etcd', ['--config-file', etcdConf], { logFile: etcdLog });
  running.push(etcd);

  const nodes: (PatroniNode & { conf: string; logFile: string; process?: Child })[] = [];
  for (const name of NODES) {
    const node = {
      name,
      pgPort: await freePort(),
      restPort: await freePort(),
      dataDir: path.join(root, name),
      socketDir,
      pgpass: path.join(root, `${name}.pgpass`),
      archiveCommand: backrest.archiveCommand(name),
      restoreCommand: backrest.restoreCommand(name),
      conf: path.join(root, `${name}.yml`),
      logFile: path.join(logsDir, `patroni-${name}.log`),
    };
    await backrest.configure({ name, dataDir: node.dataDir, port: node.pgPort, socketDir });
    await fs.writeFile(node.conf, patroniYml(node, etcdClient, postgresBinDir()), { mode: 0o640 });
    if (asPostgres) await fs.chown(node.conf, asPostgres.uid, asPostgres.gid);
    nodes.push(node);
  }

  const startPatroni = (node: (typeof nodes)[number]) => {
    const child = startProcess(`Patroni ${node.name}`, '/usr/bin/patroni', [node.conf], {
      logFile: node.logFile,
      user: asPostgres,
      env: {
        PATH: process.env.PATH,
        LANG: 'C.UTF-8',
        PATRONI_SUPERUSER_PASSWORD: password,
        PATRONI_REPLICATION_PASSWORD: password,
        PGPASSWORD: password,
      },
    });
    node.process = child;
    running.push(child);
    return child;
  };
  const rest = async (node: (typeof nodes)[number], what: string) => (await restGet(node.restPort, what)).status;
  const postmasterPid = (node: (typeof nodes)[number]) => {
    const file = path.join(node.dataDir, 'postmaster.pid');
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 0);
      return pid;
    } catch {
      return undefined;
    }
  };

  let haproxy: Child | undefined;
  const stop = async () => {
    if (haproxy) await stopProcess(haproxy);
    // Replicas first, so that the leader does not wait for a synchronous replica that is going.
    const leaderName = await leader();
    const order = [...nodes.filter((node) => node.name !== leaderName), ...nodes.filter((n) => n.name === leaderName)];
    for (const node of order) if (node.process) await stopProcess(node.process, 'SIGTERM', 30_000);
    await stopProcess(etcd);
  };
  const leader = async () => {
    for (const node of nodes) {
      const view = (await restGet(node.restPort, 'cluster')).body as ClusterView | undefined;
      const found = view?.members.find((member) => member.role === 'leader' && member.state === 'running');
      if (found) return found.name;
    }
    return undefined;
  };

  try {
    await waitFor('etcd', () => accepts(etcdClient), { process: etcd, logFile: etcdLog });
    log('etcd ready');
    // Together: one node creates the cluster (or the last leader takes its place again), the other follows.
    for (const node of nodes) startPatroni(node);
    const first = nodes[0];
    await waitFor('a Patroni leader', async () => (await leader()) !== undefined, {
      process: first.process,
      logFile: first.logFile,
      timeoutMs: 90_000,
    });
    await waitFor(
      'a streaming replica',
      async () => (await Promise.all(nodes.map((node) => rest(node, 'replica')))).includes(200),
      { logFile: nodes[1].logFile, timeoutMs: 90_000 },
    );
    log(`Patroni: ${await leader()} leads, the other node replicates`);

    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const haproxyConf = path.join(root, 'haproxy.cfg');
    await fs.writeFile(haproxyConf, haproxyCfg(nodes, primaryPort, replicaPort));
    const haproxyLog = path.join(logsDir, 'haproxy.log');
    haproxy = startProcess('HAProxy', '/usr/sbin/haproxy', ['-f', haproxyConf, '-db'], { logFile: haproxyLog });
    running.push(haproxy);
    const urlOf = (port: number, database = DATABASE) => `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`;
    await waitFor(
      'HAProxy in front of the leader',
      async () => {
        const client = new pg.Client({
          connectionString: urlOf(primaryPort, 'postgres'),
          connectionTimeoutMillis: 1_000,
        });
        client.on('error', () => undefined);
        try {
          await client.connect();
          const { rows } = await client.query('select pg_is_in_recovery() as standby');
          if (rows[0].standby) return false;
          const exists = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
          if (exists.rowCount === 0) await client.query(`create database ${DATABASE}`);
          return true;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      { process: haproxy, logFile: haproxyLog },
    );
    log('HAProxy ready');

    const view = (node: (typeof nodes)[number]): HaNode => ({
      name: node.name,
      pgPort: node.pgPort,
      restPort: node.restPort,
      dataDir: node.dataDir,
      patroniPid: () => (node.process?.running() ? node.process.pid : undefined),
      postgresPid: () => postmasterPid(node),
      crash: async () => {
        const postgres = postmasterPid(node);
        node.process?.child.kill('SIGKILL');
        if (postgres) process.kill(postgres, 'SIGKILL');
        await node.process?.exited;
      },
      start: async () => {
        if (node.process?.running()) return;
        startPatroni(node);
      },
      stop: async () => {
        if (node.process) await stopProcess(node.process, 'SIGTERM', 30_000);
      },
      rest: (what) => rest(node, what),
    });
    return { primaryUrl: urlOf(primaryPort), replicaUrl: urlOf(replicaPort), nodes: nodes.map(view), leader, stop };
  } catch (error) {
    await Promise.race([stop(), new Promise((resolve) => setTimeout(resolve, 30_000))]).catch(() => undefined);
    for (const child of running) if (child.running()) child.child.kill('SIGKILL');
    throw error;
  }
}
