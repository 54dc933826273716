import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { createDb, createPool } from './client.ts';
import { isConnectionError } from './connection-errors.ts';

// What the app's pool does when PostgreSQL ends connections it has handed out (pg_terminate_backend, a restart):
// the work on them fails, the process does not, and the pool serves again at once.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Ends every session of the test database but the caller's, as an operator's pg_terminate_backend does. */
async function terminateEverySession(): Promise<number> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: number }>(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
       WHERE pid <> pg_backend_pid() AND datname = current_database()`,
    );
    return rows[0].ended;
  } finally {
    await admin.end();
  }
}

/** A function each of `count` callers awaits until all have called it (failing after 10 s, when one never can). */
function meeting(count: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((resolve, reject) => {
    open = resolve;
    setTimeout(() => reject(new Error(`only ${arrived} of ${count} arrived`)), 10_000).unref();
  });
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return all;
  };
}

describe('the pool', () => {
  it('fails only the work whose connection the server ended, and serves again with every place free', async () => {
    const pool = createPool(database.url, 2);
    const db = createDb(pool);
    let begun!: () => void;
    let resume!: () => void;
    const inTransaction = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const transaction = db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        begun();
        await resumed;
        await tx.execute(sql`select 1`);
      })
      .catch((error: unknown) => error);
    // Held between statements, as the outbox's delivery holds its claim; and never given back, as drizzle's
    // transaction() never gives back a connection whose `begin` failed.
    const held = await pool.connect();
    await held.query('select 1');
    await inTransaction;

    expect(await terminateEverySession()).toBe(2);
    resume();
    const failure = await transaction;
    expect(failure).toBeInstanceOf(Error);
    expect(isConnectionError(failure)).toBe(true);
    await expect(held.query('select 1')).rejects.toSatisfy(isConnectionError);

    // Two transactions open at once need both places of the pool: the one never given back is free again.
    const bothOpen = meeting(2);
    const answers = await Promise.all(
      [1, 2].map((n) =>
        db.transaction(async (tx) => {
          const result = await tx.execute(sql`select ${n}::int as n`);
          await bothOpen();
          return result.rows[0].n;
        }),
      ),
    );
    expect(answers).toEqual([1, 2]);
    held.release();
    await pool.end();
  });
});

describe('queries asked at once on one transaction', () => {
  it('run one after another in our queue, never in pg’s deprecated one, each answering its own', async () => {
    const pool = createPool(database.url, 2);
    const db = createDb(pool);
    const queued: number[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client & { _queryQueue: unknown[] }, ...args: unknown[]) {
      queued.push(this._queryQueue.length);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      const answers = await db.transaction((tx) =>
        Promise.all([1, 2, 3, 4].map(async (n) => (await tx.execute(sql`select ${n}::int as n`)).rows[0].n)),
      );
      expect(answers).toEqual([1, 2, 3, 4]);
      // A failing one fails alone in the queue (and the transaction with it), as it would have in pg's.
      const failed = await db
        .transaction((tx) => Promise.all([tx.execute(sql`select 1/0`), tx.execute(sql`select 1`)]))
        .catch((error: unknown) => error);
      expect(String((failed as Error).cause ?? failed)).toMatch(/division by zero/);
    } finally {
      pg.Client.prototype.query = query;
      await pool.end();
    }
    expect(queued.length).toBeGreaterThan(4);
    expect(queued.every((length) => length === 0)).toBe(true);
  });
});
