import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../db/embedded.ts';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

export type Pgbouncer = {
  /** The server URL with pgbouncer's host and port: same user, password and database. */
  url: string;
  port: number;
  /** pgbouncer's log so far. */
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts Debian's pgbouncer (1.18) in front of the PostgreSQL of `serverUrl`, in transaction mode unless told:
 * every database name maps to that server, clients sign in with scram-sha-256 as the server URL's user and
 * password (kept in a userlist), listening on 127.0.0.1 on a free port. As root it runs as the system user
 * `postgres` (pgbouncer refuses root). Its config and log live in a temporary folder, removed on stop.
 */
export async function startPgbouncer(
  serverUrl: string,
  options: { poolMode?: 'transaction' | 'session'; poolSize?: number } = {},
): Promise<Pgbouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error(`No ${PGBOUNCER}: install Debian's pgbouncer (apt-get install pgbouncer)`);
  const server = new URL(serverUrl);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  await fs.writeFile(path.join(dir, 'userlist.txt'), `${quote(user)} ${quote(password)}\n`, { mode: 0o600 });
  await fs.writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `pool_mode = ${options.poolMode ?? 'transaction'}`,
      `default_pool_size = ${options.poolSize ?? 4}`,
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await postgresUser();
    await fs.chmod(dir, 0o700);
    for (const name of ['', 'userlist.txt', 'pgbouncer.ini']) await fs.chown(path.join(dir, name), uid, gid);
  }
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT'); // immediate shutdown
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await waitListening(port, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), port, log: () => log, stop };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const line = (await fs.readFile('/etc/passwd', 'utf8')).split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('pgbouncer refuses to run as root and there is no system user postgres to run it as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function waitListening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`pgbouncer exited:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not listen on port ${port}:\n${log()}`);
}
