import path from 'node:path';
import { renderReference } from './render.ts';

/** Where one machine's nginx keeps its files: `dir` is its prefix (-p), logs go to `logsDir`. */
export type NginxLayout = { dir: string; logsDir: string; webDir: string; uploadsDir: string };

/** nginx's access log in a layout: one JSON object a line (deploy/nginx.conf, log_format farmstall). */
export const accessLogOf = (layout: NginxLayout) => path.join(layout.logsDir, 'nginx-access.log');
export const errorLogOf = (layout: NginxLayout) => path.join(layout.logsDir, 'nginx-error.log');

/**
 * deploy/nginx.conf for nginx on 127.0.0.1:`port` in front of app servers on these loopback ports; those in `down`
 * (being restarted) are listed with nginx's `down`, so that nginx sends them nothing.
 */
export function nginxConf(layout: NginxLayout, port: number, serverPorts: number[], down = new Set<number>()): string {
  return renderReference('nginx.conf', {
    pid: path.join(layout.dir, 'nginx.pid'),
    error_log: errorLogOf(layout),
    access_log: accessLogOf(layout),
    servers: serverPorts.map((serverPort) => `127.0.0.1:${serverPort}${down.has(serverPort) ? ' down' : ''}`),
    listen: `127.0.0.1:${port}`,
    // deploy/nginx-tls.conf is not included: the cluster serves plain HTTP on loopback (no file matches).
    tls: path.join(layout.dir, 'no-tls', '*.conf'),
    web_dir: layout.webDir,
    uploads_dir: `${layout.uploadsDir}/`,
  });
}

/** deploy/pgbouncer.ini for PgBouncer on 127.0.0.1:`port` (TCP only) in front of the primary at `primaryUrl`. */
export function pgbouncerIni(primaryUrl: string, port: number, authFile: string): string {
  const primary = new URL(primaryUrl);
  return renderReference('pgbouncer.ini', {
    database: `host=${primary.hostname} port=${primary.port} dbname=${primary.pathname.slice(1)}`,
    listen_addr: '127.0.0.1',
    listen_port: String(port),
    unix_socket_dir: '',
    auth_file: authFile,
  });
}

/** deploy/pgbackrest.conf for one PostgreSQL node: the shared repository, and this node's folders and port. */
export function pgbackrestConf(node: {
  repo: string;
  spool: string;
  lock: string;
  log: string;
  dataDir: string;
  port: number;
  socketDir: string;
}): string {
  return renderReference('pgbackrest.conf', {
    repo1_path: node.repo,
    spool_path: node.spool,
    lock_path: node.lock,
    log_path: node.log,
    pg1_path: node.dataDir,
    pg1_port: String(node.port),
    pg1_socket_path: node.socketDir,
  });
}

/** deploy/etcd.yml for one etcd member on 127.0.0.1 (client and peer ports), its data in `dataDir`. */
export function etcdYml(dataDir: string, clientPort: number, peerPort: number): string {
  const client = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  return renderReference('etcd.yml', {
    name: 'etcd1',
    data_dir: dataDir,
    listen_client_urls: client,
    advertise_client_urls: client,
    listen_peer_urls: peer,
    initial_advertise_peer_urls: peer,
    initial_cluster: `etcd1=${peer}`,
  });
}

/** One Patroni node on 127.0.0.1: PostgreSQL's port, the REST API's, its folders and its pgBackRest commands. */
export type PatroniNode = {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  socketDir: string;
  pgpass: string;
  archiveCommand: string;
  restoreCommand: string;
};

const yamlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** deploy/patroni.yml for `node`, with etcd's v3 API on 127.0.0.1:`etcdPort`. */
export function patroniYml(node: PatroniNode, etcdPort: number, binDir: string): string {
  return renderReference('patroni.yml', {
    name: node.name,
    restapi_listen: `127.0.0.1:${node.restPort}`,
    restapi_connect_address: `127.0.0.1:${node.restPort}`,
    etcd_hosts: `127.0.0.1:${etcdPort}`,
    listen: `127.0.0.1:${node.pgPort}`,
    connect_address: `127.0.0.1:${node.pgPort}`,
    data_dir: node.dataDir,
    bin_dir: binDir,
    pgpass: node.pgpass,
    unix_socket_directories: node.socketDir,
    archive_command: yamlString(node.archiveCommand),
    restore_command: yamlString(node.restoreCommand),
  });
}

/** deploy/haproxy.cfg: the primary on 127.0.0.1:`primaryPort`, a replica on `replicaPort`, checked through Patroni. */
export function haproxyCfg(nodes: PatroniNode[], primaryPort: number, replicaPort: number): string {
  const servers = nodes.map((node) => `${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}`);
  return renderReference('haproxy.cfg', {
    primary_bind: `127.0.0.1:${primaryPort}`,
    primary_nodes: servers,
    replica_bind: `127.0.0.1:${replicaPort}`,
    replica_nodes: servers,
  });
}
