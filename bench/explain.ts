import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import * as schema from '../src/server/db/schema.ts';
import { listProducts } from '../src/server/modules/catalog/list-products.ts';
import { getOfferedProduct } from '../src/server/modules/catalog/product-service.ts';
import { seedBenchCatalog } from './seed.ts';

/**
 * `node bench/explain.ts [dir]`: EXPLAIN ANALYZE of the catalog reads on the 100,000-product bench catalog.
 * With a dir, the seeded database is kept there and reused on the next run.
 */
const dir = process.argv[2] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-explain-')));
await fs.mkdir(dir, { recursive: true, mode: 0o755 });
const pg = await startEmbeddedPostgres(dir);
const pool = createPool(pg.url, 2);
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
try {
  await runMigrations(db);
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM products');
  if (rows[0].n === 0) await seedBenchCatalog(db);
  await pool.query('VACUUM ANALYZE products');

  const explain = async (name: string, run: () => Promise<unknown>) => {
    captured.length = 0;
    await run();
    for (const { query, params } of captured.filter((c) => /^\s*select/i.test(c.query))) {
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      console.log(`\n=== ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  };
  const first = await listProducts(db, { category: 'vegetable', limit: 20 });
  await explain('category listing, first page', () => listProducts(db, { category: 'vegetable', limit: 20 }));
  await explain('category listing, second page', () =>
    listProducts(db, { category: 'vegetable', limit: 20, cursor: first.nextCursor ?? undefined }),
  );
  await explain('price sort', () => listProducts(db, { category: 'vegetable', sort: 'price-asc', limit: 20 }));
  await explain('product page', () => getOfferedProduct(db, first.items[0]._id));
  await explain('search with a typo', () => listProducts(db, { q: process.argv[3] ?? 'chedar chese', limit: 20 }));
} finally {
  await pool.end();
  await pg.stop();
}
