import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server (`node src/server/main.ts`) as a child process, for tests of starting, stopping and crashing.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'src/server/main.ts');
const NODE_24 = path.join(ROOT, 'node_modules/.bin/node');
const NODE = existsSync(NODE_24) ? NODE_24 : process.execPath;

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  errors: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * The test run's moved clock, when it runs under libfaketime (`faketime -f +37d npx vitest run`, to try a date such
 * as New Year's Eve): the servers it starts keep the same time as the tests and the database.
 */
const fakedClock = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && /^(LD_PRELOAD|FAKETIME.*)$/u.test(entry[0]),
  ),
);

/** Spawns the server with only these settings (plus PATH, HOME, LOG_LEVEL=warn, HOST=127.0.0.1, PORT, WAL_ARCHIVE=off). */
export function spawnServer(env: Record<string, string>, port = 0): ServerProcess {
  const child = spawn(NODE, [MAIN], {
    cwd: ROOT,
    env: {
      ...fakedClock,
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Backups are the recovery drill's (recovery-tests/); other tests' stores archive nothing.
      WAL_ARCHIVE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, output: () => stdout, errors: () => stderr, exited };
}

/** Waits for GET /api/health to answer 200, failing at once if the process exits. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited early:\n${server.output()}\n${server.errors()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy:\n${server.output()}\n${server.errors()}`);
}

export function callApi(
  server: ServerProcess,
  url: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}/api${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

/** The pid PostgreSQL wrote into DATA_DIR/pg/postmaster.pid. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/**
 * The URL of the embedded PostgreSQL running on DATA_DIR: user farmstall, the password in DATA_DIR/pg-password,
 * the port on line 4 of DATA_DIR/pg/postmaster.pid (the same way `psql` can reach it).
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://farmstall:${password}@127.0.0.1:${port}/postgres`;
}

/** Whether the process runs (not ended, not a zombie waiting to be collected). */
export function runs(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL if it still runs after 15 s (a test that failed half-way must not leave PostgreSQL running). */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}
