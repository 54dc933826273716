import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MICRO_CACHE_TTL_MS } from '../modules/catalog/micro-cache.ts';
import { createProduct } from '../modules/checkout/test-fixtures.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../test/app.ts';
import { dayFromToday } from '../test/dates.ts';
import { createUser } from '../test/users.ts';

// Two apps on one database, each with its own pool and its own listener: two server processes in all but the
// process. A catalog write through one must clear the other's one-second micro-cache at once.

const stack = madeBeforeAll(async () => {
  const database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  const [a, b] = [
    await buildTestApp(database.url, {}, { jwtSecret }),
    await buildTestApp(database.url, {}, { jwtSecret }),
  ];
  return { database, a, b };
});
afterAll(async () => {
  await stack.a.close();
  await stack.b.close();
  await stack.database.drop();
});

const names = async (t: TestContext) =>
  (await t.app.inject({ url: '/api/products?limit=50' }))
    .json()
    .items.map((p: { productName: string }) => p.productName);

/**
 * Renames a product through `writer` right after `reader` cached the listing, then asks `reader` every 5 ms until
 * its listing shows the new name: the milliseconds that took. Without a broadcast the reader's cache answers the
 * old name until it expires, about MICRO_CACHE_TTL_MS after it was filled.
 */
async function renameAndWatch(writer: TestContext, reader: TestContext): Promise<number> {
  const vendor = await createUser(writer, { roll: 'vendor' });
  const product = await createProduct(writer, vendor, { name: `Before ${randomBytes(3).toString('hex')}` });
  const renamed = `After ${randomBytes(3).toString('hex')}`;
  // Until the reader's listing shows the new product: then it has it cached, just filled.
  while (!(await names(reader)).includes(product.name)) await new Promise((resolve) => setTimeout(resolve, 5));
  const started = Date.now();
  const edit = await writer.app.inject({
    method: 'PUT',
    url: `/api/products/${product.id}`,
    headers: vendor.auth,
    payload: {
      productName: renamed,
      productDetails: 'Renamed on another server',
      productQuantity: 5,
      productionCost: 5,
      profitMargin: 0,
      productManufacturingDate: '2026-01-01',
      productExpireDate: dayFromToday(300),
      productImage: '/uploads/product.webp',
    },
  });
  expect(edit.statusCode).toBe(200);
  while (!(await names(reader)).includes(renamed)) await new Promise((resolve) => setTimeout(resolve, 5));
  return Date.now() - started;
}

async function listeners(): Promise<number[]> {
  const client = new pg.Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN farmstall_catalog'`,
    );
    return rows.map((row) => row.pid as number);
  } finally {
    await client.end();
  }
}

describe('catalog changes broadcast with LISTEN/NOTIFY', () => {
  it('a product edit through one app shows in the other app at once, well inside the cache’s second', async () => {
    const ms = await renameAndWatch(stack.a, stack.b);
    console.info(`product edit on A visible on B after ${ms} ms (micro-cache TTL ${MICRO_CACHE_TTL_MS} ms)`);
    expect(ms).toBeLessThan(MICRO_CACHE_TTL_MS / 2);
    expect(await renameAndWatch(stack.b, stack.a)).toBeLessThan(MICRO_CACHE_TTL_MS / 2);
  });

  it('a dropped listener connection comes back, and edits show at once again', async () => {
    const before = await listeners();
    expect(before).toHaveLength(2);
    const admin = new pg.Client({ connectionString: stack.database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [before]);
    await admin.end();
    let after: number[] = [];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      after = await listeners();
      if (after.length === 2 && !after.some((pid) => before.includes(pid))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(after).toHaveLength(2);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
    const ms = await renameAndWatch(stack.a, stack.b);
    console.info(`after the listeners reconnected: visible on B after ${ms} ms`);
    expect(ms).toBeLessThan(MICRO_CACHE_TTL_MS / 2);
  });
});
