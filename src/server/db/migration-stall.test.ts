import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, confirmOrder, createProduct, payCart } from '../modules/checkout/test-fixtures.ts';
import { buildTestApp, createTestDatabase, type TestContext } from '../test/app.ts';
import { createUser, type TestUser } from '../test/users.ts';
import { MIGRATIONS_DIR, runMigrations } from './client.ts';

/**
 * An upgrade behind a long read of products (issue 34, item 6; decision 056). A report query holds products (ACCESS
 * SHARE) for seconds while a pending migration needs products' ACCESS EXCLUSIVE lock. drizzle's migrator waits for it
 * with no limit, and every product read and checkout asked after it queues behind it until the report ends. The
 * migrator waits at most its lock_timeout (1 s), steps back, and tries again: reads and checkout keep answering,
 * and the migration is applied once the report is over.
 */

let database: { url: string; drop: () => Promise<void> };
let t: TestContext;
let reads: pg.Pool;
let vendor: TestUser;
let productId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp(database.url);
  reads = new pg.Pool({ connectionString: database.url, max: 8 });
  vendor = await createUser(t, { role: 'vendor' });
  productId = (await createProduct(t, vendor, { name: 'Carrots', priceCents: 250, stock: 1000 })).id;
});
afterAll(async () => {
  await reads?.end();
  await t?.close();
  await database?.drop();
});

/** The folders this file's tests made, removed after them. */
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

/** The real migrations and the given ones after them, in a folder of the test's own. */
async function folderWith(extras: { tag: string; sql: string }[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-stall-'));
  folders.push(dir);
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  for (const { tag } of journal.entries)
    await fs.copyFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  let when = journal.entries.at(-1).when;
  for (const extra of extras) {
    when += 1000;
    journal.entries.push({
      idx: journal.entries.at(-1).idx + 1,
      version: '7',
      when,
      tag: extra.tag,
      breakpoints: true,
    });
    await fs.writeFile(path.join(dir, `${extra.tag}.sql`), extra.sql);
  }
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

const NOTE = { tag: '0901_products_note', sql: 'ALTER TABLE "products" ADD COLUMN "note" text;' };
const LABEL = { tag: '0902_products_label', sql: 'ALTER TABLE "products" ADD COLUMN "label" text;' };

type Stall = {
  migrationMs: number;
  /** The slowest of the product reads started every 200 ms while the migration ran (SQL and the catalog API). */
  slowestReadMs: number;
  slowestApiReadMs: number;
  reads: number;
  /** A checkout started during the upgrade: each request's time, and in all. */
  checkoutMs: number[];
  checkoutTotalMs: number;
  orderStatus: number;
};

/** Runs `upgrade` behind a report holding products for `reportSeconds`, probing reads and a checkout meanwhile. */
async function behindReport(reportSeconds: number, upgrade: () => Promise<unknown>): Promise<Stall> {
  const shopper = await createUser(t);
  await addToCart(t, shopper, productId, 2);
  const report = new pg.Client({ connectionString: database.url });
  await report.connect();
  try {
    const reading = report.query(`SELECT pg_sleep(${reportSeconds}) FROM products LIMIT 1`);
    await sleep(300); // the report has its lock
    const started = performance.now();
    let done = false;
    const migrating = upgrade().finally(() => {
      done = true;
    });
    const migrationMs = migrating.then(() => performance.now() - started);
    const probes: Promise<{ sql: number; api: number }>[] = [];
    const probing = (async () => {
      await sleep(100);
      while (!done) {
        probes.push(
          Promise.all([
            timed(() => reads.query('SELECT id, name, stock FROM products WHERE id = $1', [productId])),
            timed(() => t.app.inject({ url: `/api/products?category=vegetable&limit=5&probe=${probes.length}` })),
          ]).then(([sql, api]) => ({ sql, api })),
        );
        await sleep(200);
      }
    })();
    await sleep(700);
    const checkoutMs: number[] = [];
    const step = async <T>(work: () => Promise<T>): Promise<T> => {
      const before = performance.now();
      const result = await work();
      checkoutMs.push(Math.round(performance.now() - before));
      return result;
    };
    const checkoutStarted = performance.now();
    const { intent } = await step(() => payCart(t, shopper));
    const order = await step(() => confirmOrder(t, shopper, intent.paymentIntentId));
    const checkoutTotalMs = Math.round(performance.now() - checkoutStarted);
    const ms = await migrationMs;
    await probing;
    const measured = await Promise.all(probes);
    await reading;
    return {
      migrationMs: Math.round(ms),
      slowestReadMs: Math.round(Math.max(...measured.map((probe) => probe.sql))),
      slowestApiReadMs: Math.round(Math.max(...measured.map((probe) => probe.api))),
      reads: measured.length,
      checkoutMs,
      checkoutTotalMs,
      orderStatus: order.statusCode,
    };
  } finally {
    await report.end();
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe('an upgrade behind a long read of products', () => {
  it("stalls reads and checkout for the whole read with drizzle's migrator, not with the migrator", async () => {
    // Before: drizzle's migrator, as runMigrations ran it (no lock_timeout, all pending migrations in one transaction).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const before = await behindReport(4, () =>
      migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR_WITH_NOTE }).finally(() => client.end()),
    ).catch(async (error) => {
      await client.end().catch(() => undefined);
      throw error;
    });

    // After: runMigrations (the migrator, with its defaults), behind a longer read.
    const lines: string[] = [];
    const after = await behindReport(6, () =>
      runMigrations(database.url, { migrationsFolder: MIGRATIONS_DIR_WITH_BOTH, log: (line) => lines.push(line) }),
    );
    console.log(JSON.stringify({ before, after, lines }, null, 1));

    // drizzle's migrator: reads asked after it waited for the report (4 s, less the 0.4 s before the first read).
    expect(before.slowestReadMs).toBeGreaterThan(2_500);
    expect(before.orderStatus).toBe(201);
    expect(before.checkoutTotalMs).toBeGreaterThan(1_500);
    // The migrator: each attempt gives up after 1 s, so no read or checkout request waits much longer than that.
    const attempts = Number(
      /^Migration 0902_products_label applied in \d+ ms \(attempt (\d)\)$/.exec(lines.at(-1) ?? '')?.[1],
    );
    expect(attempts).toBeGreaterThanOrEqual(2);
    const waited = Number(
      /^Migration 0902_products_label: attempt 1 gave up waiting for a lock after (\d+) ms/.exec(lines[0])?.[1],
    );
    expect(waited).toBeGreaterThanOrEqual(1_000);
    expect(waited).toBeLessThan(2_000);
    expect(lines[0]).toContain('products held by pid');
    expect(after.slowestReadMs).toBeLessThan(2_000);
    expect(after.slowestApiReadMs).toBeLessThan(2_000);
    expect(after.orderStatus).toBe(201);
    expect(Math.max(...after.checkoutMs)).toBeLessThan(3_000);
    // ... and the migration went in once the report ended (6 s after it started, less the 0.3 s before).
    expect(after.migrationMs).toBeGreaterThan(5_000);
    const { rows } = await reads.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND column_name IN ('note', 'label') ORDER BY 1`,
    );
    expect(rows.map((row) => row.column_name)).toEqual(['label', 'note']);
  });
});

let MIGRATIONS_DIR_WITH_NOTE: string;
let MIGRATIONS_DIR_WITH_BOTH: string;
beforeAll(async () => {
  MIGRATIONS_DIR_WITH_NOTE = await folderWith([NOTE]);
  MIGRATIONS_DIR_WITH_BOTH = await folderWith([NOTE, LABEL]);
});
