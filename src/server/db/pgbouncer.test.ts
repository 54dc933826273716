import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { searchIndexCaughtUp } from '../modules/catalog/search-index.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../modules/checkout/test-fixtures.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../test/app.ts';
import { startPgbouncer } from '../test/pgbouncer.ts';
import { createUser } from '../test/users.ts';

// The app behind Debian's pgbouncer 1.18 in transaction mode (DATABASE_POOL_MODE=transaction), beside the same
// app on a direct connection to the same database: every answer must be the same.

const ZONE = 'Pacific/Chatham'; // not the machine's: a connection left in another zone shows
// Undone in reverse order after the tests, also when the setup fails half-way (no pgbouncer left running).
const cleanups: (() => Promise<void>)[] = [];
const stack = madeBeforeAll(async () => {
  const database = await createTestDatabase();
  cleanups.push(database.drop);
  // Fewer server connections than the app's pool: its clients keep changing server connection.
  const bouncer = await startPgbouncer(database.url, { poolMode: 'transaction', poolSize: 2 });
  cleanups.push(bouncer.stop);
  const jwtSecret = randomBytes(32).toString('hex');
  // CATALOG_CACHE_MS=0: every read goes to the database, none is answered from a micro-cache.
  const env = { BUSINESS_TIME_ZONE: ZONE, CATALOG_CACHE_MS: '0' };
  const direct = await buildTestApp(database.url, { ...env, DATABASE_URL: database.url }, { jwtSecret });
  cleanups.push(direct.close);
  const pooled = await buildTestApp(
    bouncer.url,
    { ...env, DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: database.url, DATABASE_POOL_MODE: 'transaction' },
    { jwtSecret },
  );
  cleanups.push(pooled.close);
  return { direct, pooled };
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The same request through both apps: status and body. */
async function both(url: string) {
  const [direct, pooled] = await Promise.all(
    [stack.direct, stack.pooled].map((t: TestContext) => t.app.inject({ url })),
  );
  return {
    direct: { status: direct.statusCode, body: direct.json() },
    pooled: { status: pooled.statusCode, body: pooled.json() },
  };
}

describe('behind pgbouncer in transaction mode', () => {
  it('answers the catalog, product pages and search as a direct connection does, under concurrency', async () => {
    const vendor = await createUser(stack.direct, { role: 'vendor' });
    const made = [];
    for (const name of ['Bouncy carrots', 'Bouncy kale', 'Bouncy leeks', 'Pooled plums'])
      made.push(await createProduct(stack.direct, vendor, { name, stock: 20 }));
    const urls = [
      '/api/products?limit=3',
      '/api/products?limit=2&sort=price-asc',
      '/api/allProducts',
      '/api/search?q=bouncy',
      '/api/search?q=plums',
      '/api/deals',
      ...made.map((p) => `/api/singleProduct/${p.id}`),
    ];
    // Each server's search index follows the change feed: both have taken in the new products.
    await Promise.all([stack.direct, stack.pooled].map((t: TestContext) => searchIndexCaughtUp(t.db)));
    await both('/api/deals'); // picks the day's deals, which the listings show
    // Several rounds at once, so the app's connections share pgbouncer's two server connections.
    const answers = await Promise.all([1, 2, 3].flatMap(() => urls.map(both)));
    for (const { direct, pooled } of answers) {
      expect(pooled.status).toBe(200);
      expect(pooled).toEqual(direct);
    }
    expect(answers[3].pooled.body.items.map((p: { productName: string }) => p.productName).sort()).toEqual([
      'Bouncy carrots',
      'Bouncy kale',
      'Bouncy leeks',
    ]);
  });

  it('runs every pooled connection in the business time zone', async () => {
    const zones = await Promise.all(
      Array.from({ length: 12 }, async () => (await stack.pooled.db.execute(sql`show timezone`)).rows[0].TimeZone),
    );
    expect(new Set(zones)).toEqual(new Set([ZONE]));
  });

  it('counts sign-ins and writes in the shared rate limits through the pooler, many at once', async () => {
    const shopper = await createUser(stack.direct);
    const attempts = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        stack.pooled.app.inject({
          method: 'POST',
          url: '/api/jwt',
          payload: { email: shopper.email, password: i % 2 ? shopper.password : 'Wrong#1234' },
        }),
      ),
    );
    // Signed in, refused, or over a limit the 16 attempts share: never a failed query.
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
    expect(statuses).toContain(200);
    expect(statuses).toContain(401);
  });

  it('signs in and checks out through the pooler', async () => {
    const vendor = await createUser(stack.direct, { role: 'vendor' });
    const product = await createProduct(stack.direct, vendor, { priceCents: 750, stock: 5 });
    const shopper = await createUser(stack.direct);
    const signIn = await stack.pooled.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(signIn.statusCode).toBe(200);
    const signedIn = {
      ...shopper,
      token: signIn.json().token,
      auth: { authorization: `Bearer ${signIn.json().token}` },
    };
    await addToCart(stack.pooled, signedIn, product.id, 2);
    const { intent } = await payCart(stack.pooled, signedIn);
    const order = await confirmOrder(stack.pooled, signedIn, intent.paymentIntentId);
    expect(order.statusCode).toBe(201);
    const page = await both(`/api/singleProduct/${product.id}`);
    expect(page.pooled).toEqual(page.direct);
    expect(page.pooled.body.productQuantity.value).toBe(3);
  });
});
