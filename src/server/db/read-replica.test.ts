import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PostgresPair, startPostgresPair } from '../../../scripts/cluster/postgres.ts';
import { searchIndexCaughtUp } from '../modules/catalog/search-index.ts';
import { insertProduct, renameProduct } from '../modules/catalog/test-products.ts';
import { contactMessage, sendContact } from '../modules/contact/test-contact.ts';
import { buildTestApp, type TestContext } from '../test/app.ts';
import { createUser, type TestUser } from '../test/users.ts';
import { createDb, createPool, runMigrations } from './client.ts';

// Debian's PostgreSQL 15 primary and a streaming replica of it; two apps on them stand for two settings of
// READ_REPLICA_MAX_LAG_MS: a bound no paused replay reaches during a test, and a bound of 300 ms.
let dir: string;
let pair: PostgresPair;
let app: TestContext;
let strict: TestContext;
let primary: pg.Client;
let replica: pg.Client;
let vendor: TestUser;

/** Asks `check` every 50 ms until it holds; fails after `ms`, naming `what`. */
const until = (what: string, check: () => Promise<boolean>, ms = 20_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`Still not so after ${ms} ms: ${what}`);
    },
    { timeout: ms, interval: 50 },
  );

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const health = async (t: TestContext) => (await t.app.inject('/api/health')).json();
const replicaStatus = async (t: TestContext) => (await health(t)).replica?.status;

/** The product's name as an anonymous visitor (or one carrying `cookie`) sees it. */
async function nameSeen(t: TestContext, id: string, cookie?: string): Promise<string> {
  const response = await t.app.inject({ url: `/api/singleProduct/${id}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.json().productName;
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp(): Promise<void> {
  const { rows } = await primary.query('select pg_current_wal_lsn() as lsn');
  await until('the replica replayed the primary', async () => {
    const replayed = await replica.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0].lsn]);
    return replayed.rows[0].done;
  });
}

/** Renames a product on the primary behind the app's back (no catalog change is announced). */
const renameDirectly = (id: string, name: string) =>
  primary.query('update products set name = $1 where id = $2', [name, id]);

async function withReplayPaused(work: () => Promise<void>): Promise<void> {
  await replica.query('select pg_wal_replay_pause()');
  try {
    await work();
  } finally {
    await replica.query('select pg_wal_replay_resume()');
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replica-pair-'));
  pair = await startPostgresPair({ dir });
  const pool = createPool(pair.primaryUrl, 2);
  await runMigrations(createDb(pool));
  await pool.end();
  // CATALOG_CACHE_MS=0: every catalog read goes to a database, none is answered from a micro-cache.
  const env = { DATABASE_URL: pair.primaryUrl, READ_DATABASE_URL: pair.replicaUrl, CATALOG_CACHE_MS: '0' };
  app = await buildTestApp(pair.primaryUrl, { ...env, READ_REPLICA_MAX_LAG_MS: '600000' });
  strict = await buildTestApp(pair.primaryUrl, { ...env, READ_REPLICA_MAX_LAG_MS: '300' });
  primary = await connect(pair.primaryUrl);
  replica = await connect(pair.replicaUrl);
  vendor = await createUser(app, { role: 'vendor' });
}, 180_000);

afterAll(async () => {
  await replica?.end().catch(() => undefined);
  await primary?.end().catch(() => undefined);
  await strict?.close();
  await app?.close();
  await pair?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('READ_DATABASE_URL: catalog reads from a streaming replica', () => {
  it('serves anonymous catalog reads from the replica, and a user who just wrote from the primary', async () => {
    const id = await insertProduct(app, vendor.id, { name: 'Winter Squash' });
    await searchIndexCaughtUp(app.db);
    await replicaCaughtUp();
    await until('health reports the replica up', async () => (await replicaStatus(app)) === 'up');
    expect(await nameSeen(app, id)).toBe('Winter Squash');

    await withReplayPaused(async () => {
      await renameDirectly(id, 'Butternut Squash');
      // A write answered below 400 (here one that changes no catalog row) sends its writer's next reads to the primary.
      const sent = await sendContact(app, contactMessage);
      expect(sent.statusCode).toBe(201);
      const cookie = sent.cookies.find((c) => c.name === 'fs_primary');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.maxAge).toBeGreaterThan(0);
      expect(cookie?.maxAge).toBeLessThanOrEqual(10);

      expect(await nameSeen(app, id)).toBe('Winter Squash');
      const search = await app.app.inject('/api/search?q=squash');
      expect(search.json().items.map((p: { productName: string }) => p.productName)).toContain('Winter Squash');
      expect(await nameSeen(app, id, `fs_primary=${cookie?.value}`)).toBe('Butternut Squash');
      // A failed write sets nothing.
      const refused = await sendContact(app, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.cookies.find((c) => c.name === 'fs_primary')).toBeUndefined();
    });
  });

  it('after a catalog change, every reader gets the primary until the replica has replayed it', async () => {
    const id = await insertProduct(app, vendor.id, { name: 'Red Onions' });
    await replicaCaughtUp();
    await until('health reports the replica up', async () => (await replicaStatus(app)) === 'up');

    await withReplayPaused(async () => {
      await renameProduct(app, vendor.auth, id, 'Red Onions, braided');
      // The paused replica still has the old name; a visitor without the writer's cookie sees the new one.
      expect(await nameSeen(app, id)).toBe('Red Onions, braided');
    });
    await replicaCaughtUp();
    // Replayed: reads return to the replica, where a change made behind the app's back shows only later.
    let name = 'Red Onions';
    await until('anonymous reads return to the replica', async () => {
      const before = name;
      name = `Red Onions ${Date.now()}`;
      let seen = '';
      await withReplayPaused(async () => {
        await renameDirectly(id, name);
        seen = await nameSeen(app, id);
      });
      await replicaCaughtUp();
      return seen === before;
    });
  });

  it('reads the primary while the replica lags more than READ_REPLICA_MAX_LAG_MS, and health says lagging', async () => {
    const id = await insertProduct(strict, vendor.id, { name: 'Leeks' });
    await replicaCaughtUp();
    await until('health reports the replica up', async () => (await replicaStatus(strict)) === 'up');

    await withReplayPaused(async () => {
      await renameDirectly(id, 'Baby Leeks');
      await until('health reports the replica lagging', async () => (await replicaStatus(strict)) === 'lagging');
      const reported = await health(strict);
      expect(reported).toMatchObject({ status: 'ok', database: 'up', replica: { status: 'lagging' } });
      expect(reported.replica.lagMs).toBeGreaterThan(300);
      expect(await nameSeen(strict, id)).toBe('Baby Leeks');
    });
    await until('health reports the replica up again', async () => (await replicaStatus(strict)) === 'up');
    expect((await health(strict)).replica.lagMs).toBeLessThanOrEqual(300);
  });

  it('answers catalog reads from the primary while the replica is down, and returns to it when it is back', async () => {
    const id = await insertProduct(app, vendor.id, { name: 'Parsnips' });
    await replicaCaughtUp();
    await until('health reports the replica up', async () => (await replicaStatus(app)) === 'up');
    await replica.end();

    await pair.replica.stop();
    try {
      // The first reads may still be sent to the replica before the monitor has seen it go: they fall back.
      expect(await nameSeen(app, id)).toBe('Parsnips');
      for (const url of ['/api/products', '/api/search?q=parsnips', '/api/search/suggest?q=pars', '/api/shops']) {
        const response = await app.app.inject(url);
        expect(response.statusCode, url).toBe(200);
      }
      expect((await app.app.inject(`/api/singleShop/${vendor.id}`)).statusCode).toBe(200);
      await until('health reports the replica down', async () => (await replicaStatus(app)) === 'down');
      const reported = await app.app.inject('/api/health');
      expect(reported.statusCode).toBe(200);
      expect(reported.json()).toEqual({ status: 'ok', database: 'up', replica: { status: 'down', lagMs: null } });
      await renameDirectly(id, 'White Parsnips');
      expect(await nameSeen(app, id)).toBe('White Parsnips');
    } finally {
      await pair.replica.start();
      replica = await connect(pair.replicaUrl);
    }

    await replicaCaughtUp();
    await until('health reports the replica up again', async () => (await replicaStatus(app)) === 'up');
    await withReplayPaused(async () => {
      await renameDirectly(id, 'Old Parsnips');
      expect(await nameSeen(app, id)).toBe('White Parsnips');
    });
  });
});

describe('READ_DATABASE_URL while the primary is away (a failover, a restart)', () => {
  it('health answers 200 "degraded" with the reason, catalog reads come from the replica, and 503 only when neither answers', async () => {
    const id = await insertProduct(app, vendor.id, { name: 'Celeriac' });
    await replicaCaughtUp();
    await until('health reports the replica up', async () => (await replicaStatus(app)) === 'up');
    await primary.end();
    try {
      await withReplayPaused(async () => {
        // A catalog change the replica has not replayed sends every reader to the primary, which then goes away.
        await renameProduct(app, vendor.auth, id, 'Celeriac, washed');
        await pair.primary.stop();

        const reported = await app.app.inject('/api/health');
        expect(reported.statusCode).toBe(200);
        expect(reported.json()).toMatchObject({ status: 'degraded', database: 'down', replica: { status: 'up' } });
        expect(reported.json().reason).toBe(
          'The primary database does not answer: catalog reads come from the replica, writes wait for the primary.',
        );
        // The replica's copy, from before the change it has not replayed, rather than no answer.
        expect(await nameSeen(app, id)).toBe('Celeriac');
        expect(await nameSeen(app, id, 'fs_primary=1')).toBe('Celeriac');
        for (const url of ['/api/products', '/api/search?q=celeriac', '/api/search/suggest?q=cele', '/api/shops']) {
          const response = await app.app.inject(url);
          expect(response.statusCode, url).toBe(200);
        }
        expect((await sendContact(app, contactMessage)).statusCode).toBeGreaterThanOrEqual(500);
      });

      await replica.end();
      await pair.replica.stop();
      await until('health reports the replica down', async () => (await replicaStatus(app)) === 'down');
      const none = await app.app.inject('/api/health');
      expect(none.statusCode).toBe(503);
      expect(none.json()).toEqual({
        status: 'down',
        database: 'down',
        reason: 'Neither the primary database nor the replica answers.',
        replica: { status: 'down', lagMs: null },
      });
    } finally {
      await pair.primary.start();
      await pair.replica.start();
      primary = await connect(pair.primaryUrl);
      replica = await connect(pair.replicaUrl);
    }
    await until('health reports ok again', async () => (await health(app)).status === 'ok');
    await until('the replica is back', async () => (await replicaStatus(app)) === 'up');
    expect(await nameSeen(app, id)).toBe('Celeriac, washed');
  });
});
