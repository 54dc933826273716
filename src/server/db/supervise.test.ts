import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAlive } from '../lock.ts';
import { type EmbeddedDatabase, readPostmasterPid, startEmbeddedPostgres } from './embedded.ts';

// The server's own PostgreSQL is started again whenever it exits, until the server stops it.

let dir: string;
let database: EmbeddedDatabase;
const lines: string[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-supervise-'));
  await fs.chmod(dir, 0o755);
  database = await startEmbeddedPostgres(dir, { supervise: (line) => lines.push(line) });
}, 60_000);
afterAll(async () => {
  await database?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const postmaster = async () => (await readPostmasterPid(path.join(dir, 'pg')))?.pid;

/** The first answer of `select 1` on the database's URL, asking every 100 ms; fails after 25 s. */
const answersAgain = () =>
  vi.waitFor(
    async () => {
      const client = new pg.Client({ connectionString: database.url });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('select 1');
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    { timeout: 25_000, interval: 100 },
  );

describe('the supervised embedded PostgreSQL', () => {
  it('is started again on the same URL after kill -9 and after a fast shutdown, and stop() stops it for good', async () => {
    for (const signal of ['SIGKILL', 'SIGINT'] as const) {
      const before = (await postmaster()) as number;
      process.kill(before, signal);
      await answersAgain();
      const after = await postmaster();
      expect(after).not.toBe(before);
      expect(isAlive(after as number)).toBe(true);
    }
    expect(lines.filter((line) => line.includes('starting it again'))).toHaveLength(2);
    expect(lines.filter((line) => line.includes('runs again'))).toHaveLength(2);

    const last = (await postmaster()) as number;
    await database.stop();
    expect(isAlive(last)).toBe(false);
    expect(lines.filter((line) => line.includes('starting it again'))).toHaveLength(2);
    expect(await postmaster()).toBeUndefined();
  }, 60_000);
});
