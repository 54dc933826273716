import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  etcdYml,
  haproxyCfg,
  type NginxLayout,
  nginxConf,
  type PatroniNode,
  patroniYml,
  pgbackrestConf,
  pgbouncerIni,
} from './configs.ts';
import { DEPLOY_DIR, renderReference } from './render.ts';

const dir = mkdtempSync('/tmp/cluster-deploy-files-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const layout: NginxLayout = {
  dir: path.join(dir, 'nginx'),
  logsDir: path.join(dir, 'logs'),
  webDir: path.join(dir, 'web'),
  uploadsDir: path.join(dir, 'data/uploads'),
};
const reference = (file: string) => readFileSync(path.join(DEPLOY_DIR, file), 'utf8').split('\n');
/** The lines of a rendered file that the reference does not have. */
const changed = (file: string, rendered: string) =>
  rendered.split('\n').filter((line) => !reference(file).includes(line));

describe('the cluster runs the deployment reference files', () => {
  it("renders deploy/nginx.conf with this machine's ports, paths and app servers, and changes nothing else", () => {
    const conf = nginxConf(layout, 41000, [41001, 41002]);
    expect(changed('nginx.conf', conf).map((line) => line.trim())).toEqual([
      `pid ${layout.dir}/nginx.pid;`,
      `error_log ${layout.logsDir}/nginx-error.log warn;`,
      `access_log ${layout.logsDir}/nginx-access.log farmstall;`,
      'server 127.0.0.1:41001 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:41002 max_fails=1 fail_timeout=5s;',
      'listen 127.0.0.1:41000;',
      `include ${layout.dir}/no-tls/*.conf;`,
      `root ${layout.webDir};`,
      `alias ${layout.uploadsDir}/;`,
    ]);
    // The reference's three example servers are replaced, not kept beside the cluster's.
    expect(conf.match(/^\s*server 127\.0\.0\.1:\d+ /gm)).toHaveLength(2);
  });

  it('renders deploy/pgbouncer.ini in transaction mode on its own port, in front of the given primary', () => {
    const ini = pgbouncerIni('postgres://farmstall:secret@127.0.0.1:41010/farmstall', 41011, '/tmp/x/userlist.txt');
    expect(changed('pgbouncer.ini', ini)).toEqual([
      'farmstall = host=127.0.0.1 port=41010 dbname=farmstall',
      'listen_port = 41011',
      'unix_socket_dir = ',
      'auth_file = /tmp/x/userlist.txt',
    ]);
    expect(ini).toMatch(/^pool_mode = transaction$/m);
  });

  it("renders deploy/pgbackrest.conf with the cluster's repository, folders and node, the repository encrypted", () => {
    const conf = pgbackrestConf({
      repo: '/c/pgbackrest/repo',
      spool: '/c/pgbackrest/n1/spool',
      lock: '/c/pgbackrest/n1/lock',
      log: '/c/pgbackrest/n1/log',
      dataDir: '/c/postgres/n1',
      port: 41020,
      socketDir: '/c/postgres/n1',
    });
    expect(changed('pgbackrest.conf', conf)).toEqual([
      'repo1-path=/c/pgbackrest/repo',
      'spool-path=/c/pgbackrest/n1/spool',
      'lock-path=/c/pgbackrest/n1/lock',
      'log-path=/c/pgbackrest/n1/log',
      'pg1-path=/c/postgres/n1',
      'pg1-port=41020',
      'pg1-socket-path=/c/postgres/n1',
    ]);
    expect(conf).toMatch(/^repo1-cipher-type=aes-256-cbc$/m);
    // The passphrase lives in a file of its own (mode 0600), never in the reference.
    expect(conf).not.toMatch(/^repo1-cipher-pass=/m);
  });

  const node = (name: string, pgPort: number, restPort: number): PatroniNode => ({
    name,
    pgPort,
    restPort,
    dataDir: `/c/patroni/${name}`,
    socketDir: '/c/patroni/run',
    pgpass: `/c/patroni/${name}.pgpass`,
    archiveCommand: `pgbackrest --config=/c/pgbackrest/${name}/pgbackrest.conf --stanza=farmstall archive-push %p`,
    restoreCommand: `pgbackrest --config=/c/pgbackrest/${name}/pgbackrest.conf --stanza=farmstall archive-get %f "%p"`,
  });

  it("renders deploy/patroni.yml for one node: its name, addresses, folders and pgBackRest commands, etcd's v3 API", () => {
    const yml = patroniYml(node('pg2', 41031, 41032), 41030, '/usr/lib/postgresql/15/bin');
    expect(changed('patroni.yml', yml).map((line) => line.trim())).toEqual([
      'name: pg2',
      'listen: 127.0.0.1:41032',
      'connect_address: 127.0.0.1:41032',
      'hosts: 127.0.0.1:41030',
      'listen: 127.0.0.1:41031',
      'connect_address: 127.0.0.1:41031',
      'data_dir: /c/patroni/pg2',
      'pgpass: /c/patroni/pg2.pgpass',
      'unix_socket_directories: /c/patroni/run',
      "archive_command: 'pgbackrest --config=/c/pgbackrest/pg2/pgbackrest.conf --stanza=farmstall archive-push %p'",
      `restore_command: 'pgbackrest --config=/c/pgbackrest/pg2/pgbackrest.conf --stanza=farmstall archive-get %f "%p"'`,
    ]);
    expect(yml).toMatch(/^ {4}synchronous_mode: true$/m);
    expect(yml).toMatch(/^ {6}use_pg_rewind: true$/m);
  });

  it('renders deploy/etcd.yml as one member on loopback, and deploy/haproxy.cfg in front of both nodes', () => {
    expect(changed('etcd.yml', etcdYml('/c/patroni/etcd', 41040, 41041))).toEqual([
      'data-dir: /c/patroni/etcd',
      'listen-client-urls: http://127.0.0.1:41040',
      'advertise-client-urls: http://127.0.0.1:41040',
      'listen-peer-urls: http://127.0.0.1:41041',
      'initial-advertise-peer-urls: http://127.0.0.1:41041',
      'initial-cluster: etcd1=http://127.0.0.1:41041',
    ]);
    const cfg = haproxyCfg([node('pg1', 41051, 41052), node('pg2', 41053, 41054)], 41050, 41055);
    expect(changed('haproxy.cfg', cfg).map((line) => line.trim())).toEqual([
      'bind 127.0.0.1:41050',
      'server pg1 127.0.0.1:41051 check port 41052',
      'server pg2 127.0.0.1:41053 check port 41054',
      'bind 127.0.0.1:41055',
      'server pg1 127.0.0.1:41051 check port 41052',
      'server pg2 127.0.0.1:41053 check port 41054',
    ]);
    expect(cfg.match(/^\s*server /gm)).toHaveLength(4);
  });

  it.skipIf(!existsSync('/usr/sbin/haproxy'))('the rendered haproxy.cfg passes haproxy -c', () => {
    const file = path.join(dir, 'haproxy.cfg');
    writeFileSync(file, haproxyCfg([node('pg1', 41051, 41052), node('pg2', 41053, 41054)], 41050, 41055));
    const check = spawnSync('/usr/sbin/haproxy', ['-c', '-f', file], { encoding: 'utf8' });
    expect(`${check.stdout}${check.stderr}`).toContain('Configuration file is valid');
  });

  it('refuses a marker without a value and a value without a marker (the reference and the cluster cannot drift)', () => {
    expect(() => renderReference('pgbouncer.ini', { listen_port: '1' })).toThrow(/no value for @cluster database/);
    const values = { database: 'd', listen_addr: 'a', listen_port: '1', unix_socket_dir: '', auth_file: 'f' };
    expect(() => renderReference('pgbouncer.ini', { ...values, pool_mode: 'session' })).toThrow(
      /no @cluster marker for pool_mode/,
    );
  });

  it('marks a server being restarted down, so that nginx sends it nothing', () => {
    const conf = nginxConf(layout, 41000, [41001, 41002], new Set([41002]));
    expect(conf).toContain('server 127.0.0.1:41001 max_fails=1 fail_timeout=5s;');
    expect(conf).toContain('server 127.0.0.1:41002 down max_fails=1 fail_timeout=5s;');
  });

  it.skipIf(!existsSync('/usr/sbin/nginx'))('the rendered nginx.conf passes nginx -t', () => {
    for (const folder of Object.values(layout)) mkdirSync(folder, { recursive: true });
    const file = path.join(layout.dir, 'nginx.conf');
    writeFileSync(file, nginxConf(layout, 41000, [41001, 41002, 41003], new Set([41003])));
    const test = spawnSync(
      '/usr/sbin/nginx',
      ['-t', '-p', layout.dir, '-e', path.join(layout.logsDir, 'e.log'), '-c', file],
      {
        encoding: 'utf8',
      },
    );
    expect(test.stderr).toContain('test is successful');
  });
});
