import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Product, VendorProduct } from '#contract/products.ts';
import { freePort } from './db/embedded.ts';
import journal from './db/migrations/meta/_journal.json' with { type: 'json' };
import { DEMO_VENDOR } from './db/seed/accounts.ts';
import { PRODUCTS } from './db/seed/products.ts';
import { verifyAccessToken } from './modules/auth/index.ts';
import { MICRO_CACHE_TTL_MS } from './modules/catalog/micro-cache.ts';
import { withDatabase } from './test/global-setup.ts';
import { startPgbouncer } from './test/pgbouncer.ts';
import {
  callApi as api,
  waitHealthy as healthy,
  type ServerProcess as Server,
  spawnServer,
  stopServer,
} from './test/server-process.ts';

// Several real server processes (`node src/server/main.ts`) on one PostgreSQL database, as behind a load balancer.
const ADMIN = { email: 'owner@farmstall.test', password: 'Owner#Cluster2026' };

let webDir: string;
const running: Server[] = [];
const dirs: string[] = [];
const databases: string[] = [];

beforeAll(async () => {
  // An empty web folder: the API runs without serving a build another test may be rewriting.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-several-web-'));
});
afterAll(async () => {
  await Promise.all(running.map(stopServer));
  for (const dir of [webDir, ...dirs]) await fs.rm(dir, { recursive: true, force: true });
  await withAdmin(async (admin) => {
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
});

async function withAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** A new, empty database (not the migrated template): what a first deployment starts on. */
async function freshDatabase(): Promise<string> {
  const name = `several_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  databases.push(name);
  return withDatabase(inject('databaseUrl'), name);
}

/**
 * Starts `count` servers at once on one database, each with a DATA_DIR of its own (`prepare` may fill it first);
 * resolves once all answer.
 */
async function startServers(
  count: number,
  env: Record<string, string>,
  prepare: (dataDir: string, index: number) => Promise<void> = async () => undefined,
): Promise<Server[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-several-'));
      dirs.push(dataDir);
      await prepare(dataDir, index);
      const server = spawnServer({ WEB_DIR: webDir, DATA_DIR: dataDir, ...env }, await freePort());
      running.push(server);
      return server;
    }),
  );
  await Promise.all(servers.map((server) => healthy(server)));
  return servers;
}

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${response.url}: ${response.status} ${body}`);
  return JSON.parse(body) as T;
}

/**
 * Renames one of the demo vendor's products through the first server once the others have its shop's listing
 * cached, then asks the others every 5 ms until they show the new name: the milliseconds each took after the edit
 * answered (without a broadcast, up to the micro-cache's second).
 */
async function renameOnFirstWatchOthers(servers: Server[]): Promise<number[]> {
  const { token } = await json<{ token: string }>(await api(servers[0], '/jwt', { method: 'POST', body: DEMO_VENDOR }));
  const [product] = await json<VendorProduct[]>(
    await api(servers[0], `/products/vendor?email=${DEMO_VENDOR.email}`, { token }),
  );
  const names = async (server: Server) =>
    (await json<{ items: Product[] }>(await api(server, `/products?shop=${product.shopId}&limit=100`))).items.map(
      (p) => p.productName,
    );
  /** Asks `server` every 5 ms until its listing shows `name`; fails after `timeout` ms. */
  const showing = (server: Server, name: string, timeout: number) =>
    vi.waitFor(
      async () => {
        if (!(await names(server)).includes(name)) throw new Error(`${name} not shown within ${timeout} ms`);
      },
      { timeout, interval: 5 },
    );
  // Once a server's listing shows the name, it has that page cached, filled just now.
  const cached = (server: Server) => showing(server, product.productName, 10_000);
  await Promise.all(servers.slice(1).map(cached));
  const renamed = `${product.productName} (renamed)`;
  const edit = await api(servers[0], `/products/${product._id}`, {
    method: 'PUT',
    token,
    body: {
      productName: renamed,
      productDetails: product.productDetails,
      productQuantity: product.productQuantity.value,
      productionCost: product.productionCost,
      profitMargin: product.profitMargin,
      productManufacturingDate: product.productManufacturingDate,
      productExpireDate: product.productExpireDate,
      productImage: product.productImage,
    },
  });
  expect(edit.status).toBe(200);
  const answered = Date.now();
  const seen = await Promise.all(
    servers.slice(1).map(async (server) => {
      // Past 5 s it stops asking; the caller's bound then fails with the time waited.
      await showing(server, renamed, 5_000).catch(() => undefined);
      return Date.now() - answered;
    }),
  );
  return seen;
}

describe('three servers started at once on a fresh database', () => {
  let servers: Server[];
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase();
    servers = await startServers(3, {
      DATABASE_URL: url,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 120_000);

  it('all come up, migrated once and seeded once, answering the same catalog', async () => {
    const catalogs = await Promise.all(
      servers.map(async (server) => json<{ items: { _id: string }[] }>(await api(server, '/products?limit=50'))),
    );
    expect(catalogs[0].items.length).toBeGreaterThan(10);
    for (const catalog of catalogs) expect(catalog).toEqual(catalogs[0]);
    const counts = await query(
      url,
      'select (select count(*) from products)::int as products, (select count(*) from drizzle.__drizzle_migrations)::int as migrations',
    );
    expect(counts).toEqual([{ products: PRODUCTS.length, migrations: journal.entries.length }]);
  });

  it('each lets the admin sign in, and accepts the access tokens the others issue', async () => {
    for (const [index, server] of servers.entries()) {
      const { token } = await json<{ token: string }>(await api(server, '/jwt', { method: 'POST', body: ADMIN }));
      const next = servers[(index + 1) % servers.length];
      const me = await json<{ email: string }>(await api(next, '/users/me', { token }));
      expect(me.email).toBe(ADMIN.email);
    }
  });
  it('shows a product edit made through one server on the others at once, well inside the 1 s micro-cache', async () => {
    const seen = await renameOnFirstWatchOthers(servers);
    console.info(`product edit on server 1 visible on servers 2 and 3 after ${seen.join(' and ')} ms`);
    for (const ms of seen) expect(ms).toBeLessThan(MICRO_CACHE_TTL_MS / 2);
  });
});

describe('two servers behind pgbouncer in transaction mode', () => {
  it('start together, share sign-ins and see each other’s catalog edits at once', async () => {
    const url = await freshDatabase();
    const bouncer = await startPgbouncer(url, { poolMode: 'transaction' });
    try {
      const servers = await startServers(2, {
        DATABASE_URL: bouncer.url,
        DATABASE_DIRECT_URL: url,
        DATABASE_POOL_MODE: 'transaction',
        SEED_DEMO: 'true',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      const { token } = await json<{ token: string }>(await api(servers[0], '/jwt', { method: 'POST', body: ADMIN }));
      expect((await json<{ email: string }>(await api(servers[1], '/users/me', { token }))).email).toBe(ADMIN.email);
      const [seen] = await renameOnFirstWatchOthers(servers);
      console.info(`behind pgbouncer: product edit on server 1 visible on server 2 after ${seen} ms`);
      expect(seen).toBeLessThan(MICRO_CACHE_TTL_MS / 2);
    } finally {
      await Promise.all(running.splice(0).map(stopServer));
      await bouncer.stop();
    }
  }, 120_000);
});

describe('three servers started at once without the demo catalog', () => {
  it('all come up and make one admin account', async () => {
    const url = await freshDatabase();
    const env = { DATABASE_URL: url, SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const servers = await startServers(3, env);
    for (const server of servers) expect((await api(server, '/jwt', { method: 'POST', body: ADMIN })).status).toBe(200);
    expect(await query(url, `select role from users`)).toEqual([{ role: 'admin' }]);
    // A server hashes with OWASP's minimums (19 MiB, 2 passes), whatever cost the tests' own process uses.
    const [admin] = (await query(url, 'select password_hash from users')) as { password_hash: string }[];
    expect(admin.password_hash.split('$').slice(1, 4)).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
  }, 120_000);
});

describe('the token signing secret of a single-server install (DATA_DIR/secrets.json)', () => {
  it('is adopted by the database once, so its sessions survive, and never read from disk again', async () => {
    const url = await freshDatabase();
    const env = { DATABASE_URL: url, SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const secrets = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    const writeSecret = (index: number) => async (dataDir: string) =>
      fs.writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret: secrets[index] }));
    const [upgraded] = await startServers(1, env, writeSecret(0));
    // A later server whose DATA_DIR holds another secret signs with the database's.
    const [later] = await startServers(1, env, writeSecret(1));
    for (const server of [upgraded, later]) {
      const { token } = await json<{ token: string }>(await api(server, '/jwt', { method: 'POST', body: ADMIN }));
      expect(await verifyAccessToken(token, secrets[0])).toMatchObject({ email: ADMIN.email });
      expect(await verifyAccessToken(token, secrets[1])).toBeNull();
    }
  }, 120_000);
});
