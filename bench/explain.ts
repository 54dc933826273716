import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { listProducts } from '../src/server/modules/catalog/list-products.ts';
import { getOfferedProduct } from '../src/server/modules/catalog/product-service.ts';
import { suggest } from '../src/server/modules/catalog/search-suggest.ts';
import { reviewSummaryOf } from '../src/server/modules/reviews/index.ts';
import { seedBenchCatalog } from './seed.ts';

/**
 * `node bench/explain.ts [dir]`: EXPLAIN ANALYZE of the catalog reads on the 100,000-product bench catalog.
 * With a dir, the seeded database is kept there and reused on the next run.
 */
const dir = process.argv[2] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-explain-')));
await fs.mkdir(dir, { recursive: true, mode: 0o755 });
const pg = await startEmbeddedPostgres(dir);
const pool = createPool(pg.url, 2);
// Every statement the app sends, whether through drizzle or as a named prepared statement.
const captured: { query: string; params: unknown[] }[] = [];
const send = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
  if (typeof config === 'string') captured.push({ query: config, params: values ?? [] });
  else if (config && typeof config === 'object' && 'text' in config)
    captured.push({ query: String(config.text), params: (config as { values?: unknown[] }).values ?? values ?? [] });
  return send(config, values);
};
const db = drizzle(pool);
try {
  await runMigrations(db);
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM products');
  if (rows[0].n === 0) await seedBenchCatalog(db);
  await pool.query('VACUUM ANALYZE products');

  const explain = async (name: string, run: () => Promise<unknown>) => {
    captured.length = 0;
    await run();
    for (const { query, params } of captured.filter((c) => /^\s*(select|with|\()/i.test(c.query))) {
      // Three runs: the plan of the last (warm cache), and every run's execution time.
      const times: string[] = [];
      let plan: string[] = [];
      for (let i = 0; i < 3; i++) {
        const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
        plan = result.rows.map((r) => r['QUERY PLAN']);
        times.push(plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?');
      }
      console.log(`\n=== ${name} (execution: ${times.join(', ')})\n${plan.join('\n')}`);
    }
  };
  const first = await listProducts(db, { category: 'vegetable', limit: 20 });
  await explain('category listing, first page', () => listProducts(db, { category: 'vegetable', limit: 20 }));
  await explain('category listing, second page', () =>
    listProducts(db, { category: 'vegetable', limit: 20, cursor: first.nextCursor ?? undefined }),
  );
  await explain('price sort', () => listProducts(db, { category: 'vegetable', sort: 'price-asc', limit: 20 }));
  await explain('product page', () => getOfferedProduct(db, first.items[0]._id, reviewSummaryOf));
  const q = process.argv[3] ?? 'chedar chese';
  await explain('search with a typo', () => listProducts(db, { q, limit: 20 }));
  await explain('search with a typo, price sort', () => listProducts(db, { q, sort: 'price-asc', limit: 20 }));
  await explain('suggestions', () => suggest(db, q));
} finally {
  await pool.end();
  await pg.stop();
}
