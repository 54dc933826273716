import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { products } from '../modules/catalog/tables.ts';
import { renameProduct } from '../modules/catalog/test-products.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../modules/checkout/test-fixtures.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../test/app.ts';
import { createUser } from '../test/users.ts';

// Two apps on one database, each with its own pool and its own listener: two server processes in all but the
// process. A catalog write through one must clear the other's micro-cache at once: here the caches keep a page a
// minute (not a second), so that a missing broadcast shows as a minute-old page, whatever the machine's speed.
const TTL_MS = 60_000;
const BOUND_MS = 1_000;

const stack = madeBeforeAll(async () => {
  const database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  const [a, b] = [
    await buildTestApp(database.url, { CATALOG_CACHE_MS: String(TTL_MS) }, { jwtSecret }),
    await buildTestApp(database.url, { CATALOG_CACHE_MS: String(TTL_MS) }, { jwtSecret }),
  ];
  return { database, a, b };
});
afterAll(async () => {
  await stack.a.close();
  await stack.b.close();
  await stack.database.drop();
});

type Listed = { _id: string; productName: string; productQuantity: { value: number } };
const listing = async (t: TestContext): Promise<Listed[]> =>
  (await t.app.inject({ url: '/api/products?limit=50' })).json().items;
/** Asks `reader` every 5 ms until its listing passes `check`; fails after `timeout` ms. */
const untilListing = (reader: TestContext, check: (items: Listed[]) => boolean, timeout = 10_000) =>
  vi.waitFor(
    async () => {
      if (!check(await listing(reader))) throw new Error(`the listing did not change within ${timeout} ms`);
    },
    { timeout, interval: 5 },
  );

/**
 * Makes `change` once `reader` has cached a listing that `before` accepts, then asks `reader` every 5 ms until its
 * listing passes `after`: the milliseconds from the change's answer. Without a broadcast the reader's cache
 * answers the old listing for a minute.
 */
async function changeAndWatch(
  reader: TestContext,
  before: (items: Listed[]) => boolean,
  change: () => Promise<void>,
  after: (items: Listed[]) => boolean,
): Promise<number> {
  // Once the reader's listing shows the state before the change, it has that listing cached, just filled.
  await untilListing(reader, before);
  await change();
  const started = Date.now();
  // Past 5 s it stops asking; the caller's bound then fails with the time waited.
  await untilListing(reader, after, 5 * BOUND_MS).catch(() => undefined);
  return Date.now() - started;
}

/** Renames a new product through `writer` and watches `reader` show the new name. */
async function renameAndWatch(writer: TestContext, reader: TestContext): Promise<number> {
  const vendor = await createUser(writer, { role: 'vendor' });
  const product = await createProduct(writer, vendor, { name: `Before ${randomBytes(3).toString('hex')}` });
  await writer.app.catalogChanges.publish(); // the fixture wrote to the table directly
  const renamed = `After ${randomBytes(3).toString('hex')}`;
  const named = (name: string) => (items: Listed[]) => items.some((p) => p.productName === name);
  return changeAndWatch(
    reader,
    named(product.name),
    () => renameProduct(writer, vendor.auth, product.id, renamed),
    named(renamed),
  );
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
  it('a product edit through one app shows in the other app at once, well inside the cache’s second (100 ms promised)', async () => {
    const ms = await renameAndWatch(stack.a, stack.b);
    console.info(`product edit on A visible on B ${ms} ms after its answer`);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await renameAndWatch(stack.b, stack.a)).toBeLessThan(BOUND_MS);
  });

  it('an order selling the last units shows sold out in the other app at once; other orders leave the caches alone', async () => {
    const vendor = await createUser(stack.a, { role: 'vendor' });
    const shopper = await createUser(stack.a);
    const product = await createProduct(stack.a, vendor, { stock: 10 });
    // The fixture wrote to the table directly: announce it, and let B hear it before B's cache is filled again.
    const heard = new Promise<void>((resolve) => {
      const stop = stack.b.app.catalogChanges.subscribe(() => {
        stop();
        resolve();
      });
    });
    await stack.a.app.catalogChanges.publish();
    await heard;
    const stock = (value: number) => (items: Listed[]) =>
      items.some((p) => p._id === product.id && p.productQuantity.value === value);
    const buy = async (units: number) => {
      await addToCart(stack.a, shopper, product.id, units);
      const { intent } = await payCart(stack.a, shopper);
      expect((await confirmOrder(stack.a, shopper, intent.paymentIntentId)).statusCode).toBe(201);
    };

    // 7 units left: no announcement, so B keeps its cached page (a sale does not empty every server's cache).
    await untilListing(stack.b, stock(10));
    await buy(3);
    expect(stock(10)(await listing(stack.b))).toBe(true);
    await stack.a.app.catalogChanges.publish();
    await untilListing(stack.b, stock(7));

    const ms = await changeAndWatch(stack.b, stock(7), () => buy(7), stock(0));
    console.info(`sold out on A: shown on B after ${ms} ms`);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('an app that cannot listen does not serve its cache, so it is never staler than its database', async () => {
    const unheard = await buildTestApp(stack.database.url, {
      DATABASE_URL: stack.database.url,
      DATABASE_DIRECT_URL: 'postgres://nobody:none@127.0.0.1:1/nowhere', // refused at once
      CATALOG_CACHE_MS: String(TTL_MS),
    });
    try {
      expect(unheard.app.catalogChanges.listening()).toBe(false);
      const vendor = await createUser(stack.a, { role: 'vendor' });
      const product = await createProduct(stack.a, vendor);
      const listed = async () => (await listing(unheard)).some((p) => p._id === product.id);
      expect(await listed()).toBe(true);
      await stack.a.db.update(products).set({ listed: false }).where(eq(products.id, product.id)); // no announcement
      expect(await listed()).toBe(false);
    } finally {
      await unheard.close();
    }
  });

  it('a dropped listener connection comes back, and edits show at once again', async () => {
    const before = await listeners();
    expect(before).toHaveLength(2);
    const admin = new pg.Client({ connectionString: stack.database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [before]);
    await admin.end();
    await vi.waitFor(
      async () => {
        const after = await listeners();
        expect(after).toHaveLength(2);
        expect(after.some((pid) => before.includes(pid))).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
    const ms = await renameAndWatch(stack.a, stack.b);
    console.info(`after the listeners reconnected: visible on B after ${ms} ms`);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
