import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { searchIndexCaughtUp } from '../src/server/modules/catalog/search-index.ts';
import { PRODUCT_COUNT, seedBenchCatalog } from './seed.ts';

/**
 * `node bench/explain.ts [--products N] [--q text] [dir]`: EXPLAIN (ANALYZE, BUFFERS) of every statement of products
 * the app (built with CATALOG_CACHE_MS=0, requests through app.inject) sends for the bench's reads (a category's
 * first page with its count and its filters' counts, the same filtered by a label, an allergen and a price range, a
 * page deep in the keyset, a search with a typo, a product page; and the first pages of the home and of a shop) on the bench catalog (100,000 products, or N), after VACUUM, and a check that each stays
 * flat with the catalog's size, and that the listing, the search and the product page are one statement each with a
 * page's options read by index (decision 052). Exits 1 when one does not. With a dir, the seeded database is kept there and reused.
 *
 * The check, on every scan of products: no sequential scan; an index-only scan fetches (almost) nothing from the
 * table (the visibility map is set by VACUUM); a scan that reads the table itself (an index scan, a bitmap heap scan)
 * returns no more than a page or a bounded set of search candidates; and no scan reads more than FLAT_ROWS rows, whatever the catalog's
 * size (the count stops at its cap, the search at its bounded candidates, the keyset starts at its cursor). A first
 * page without filters reads its counts from product_facet_counts (decision 033); the counts of a filtered page are
 * the exception, printed beside the plan: an index-only scan of a category's or shop's entries in its facets index
 * (decision 024).
 */
/** Rows any scan may read: the first page's count stops at 1,001 (LISTING_COUNT_CAP + 1). */
const FLAT_ROWS = 2000;
/** Rows a scan may read from the table itself: a page, or one bounded source of search candidates (100). */
const PAGE_ROWS = 200;

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv.splice(at, 2)[1] : undefined;
};
const products = Number(option('--products') ?? PRODUCT_COUNT);
const q = option('--q') ?? 'chedar chese';
const kept = process.argv[2];
const dir = kept ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-explain-')));
await fs.mkdir(dir, { recursive: true, mode: 0o755 });
const pg = await startEmbeddedPostgres(dir);
const pool = createPool(pg.url, 4);
// Every statement the app sends, whether through drizzle or as a named prepared statement.
const captured: { query: string; params: unknown[] }[] = [];
const send = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
  if (typeof config === 'string') captured.push({ query: config, params: values ?? [] });
  else if (config && typeof config === 'object' && 'text' in config)
    captured.push({ query: String(config.text), params: (config as { values?: unknown[] }).values ?? values ?? [] });
  return send(config, values);
};
const db = createDb(pool);

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
};

/** What keeps a plan from being flat with the catalog's size (empty when it is). */
function flatProblems(node: PlanNode): string[] {
  const problems: string[] = [];
  const visit = (n: PlanNode) => {
    const loops = Math.max(1, n['Actual Loops']);
    const returned = n['Actual Rows'] * loops;
    const read = returned + ((n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * loops;
    const on = n['Index Name'] ? `${n['Node Type']} using ${n['Index Name']}` : n['Node Type'];
    if (n['Relation Name'] === 'products') {
      if (n['Node Type'] === 'Seq Scan') problems.push(`sequential scan of products (${read} rows read)`);
      if (n['Node Type'] === 'Index Only Scan' && (n['Heap Fetches'] ?? 0) > Math.max(10, returned / 100))
        problems.push(`${on}: ${n['Heap Fetches']} heap fetches for ${returned} rows`);
      if ((n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Bitmap Heap Scan') && returned > PAGE_ROWS)
        problems.push(`${on} reads ${returned} rows from the table, more than a page`);
    }
    // A page's options (decision 052): read by index for the page's products only, never the whole table.
    if (n['Relation Name'] === 'product_options') {
      if (n['Node Type'] === 'Seq Scan') problems.push(`sequential scan of product_options (${read} rows read)`);
      if (n['Actual Loops'] > PAGE_ROWS) problems.push(`${on} of product_options runs ${n['Actual Loops']} times`);
    }
    // The filters' counts read every entry of the category or shop, from the facets index alone (decision 024):
    // bounded by the category's size, not the catalog's; reported, not refused.
    const facets = n['Node Type'] === 'Index Only Scan' && /_facets_idx$/.test(n['Index Name'] ?? '');
    if (facets) facetReads.push(`${on}: ${read} entries, ${n['Heap Fetches'] ?? 0} heap fetches`);
    if (/Index/.test(n['Node Type']) && read > FLAT_ROWS && !facets)
      problems.push(`${on} reads ${read} rows (bound ${FLAT_ROWS})`);
    for (const child of n.Plans ?? []) visit(child);
  };
  visit(node);
  return problems;
}

const failures: string[] = [];
/** The facets scans seen (their entries read): linear in a category's or shop's size, index-only. */
const facetReads: string[] = [];
let app: FastifyInstance | undefined;
try {
  await runMigrations(db);
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM products');
  if (rows[0].n === 0) await seedBenchCatalog(db, products);
  await pool.query('VACUUM ANALYZE products');
  await pool.query('VACUUM ANALYZE product_options');
  await pool.query('VACUUM ANALYZE search_postings');
  console.log(`${rows[0].n || products} products; 1-minute load average ${os.loadavg()[0].toFixed(1)}`);

  // The statements the app sends for one request of the URL (a read of products; not its background work).
  // `single`: the read must be one statement (the listing, the search and the product page; decision 052).
  const explain = async (name: string, url: string, single = false) => {
    captured.length = 0;
    const response = await app?.inject({ url });
    if (response?.statusCode !== 200) throw new Error(`${url}: ${response?.statusCode} ${response?.body}`);
    const statements = captured.filter((c) => /^\s*(select|with|\()/i.test(c.query) && /\bproducts\b/.test(c.query));
    const reads = statements.length;
    console.log(`\n${name}: ${reads} statement${reads === 1 ? '' : 's'} reading products`);
    if (single && reads !== 1) failures.push(`${name}: ${reads} statements, not one`);
    for (const [n, { query, params }] of statements.entries()) {
      // Three runs: the plan of the last (warm cache), and every run's execution time.
      const times: string[] = [];
      let plan: { Plan: PlanNode; 'Execution Time': number } | undefined;
      for (let i = 0; i < 3; i++) {
        const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`, params);
        plan = result.rows[0]['QUERY PLAN'][0];
        times.push(`${plan?.['Execution Time'].toFixed(3)} ms`);
      }
      const text = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      const label = statements.length > 1 ? `${name}, statement ${n + 1} of ${statements.length}` : name;
      const problems = plan ? flatProblems(plan.Plan) : ['no plan'];
      console.log(`\n=== ${label} (execution: ${times.join(', ')})`);
      console.log(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
      console.log(problems.length ? `NOT FLAT: ${problems.join('; ')}` : 'flat: index scans only, bounded reads');
      if (facetReads.length) console.log(`filter counts: ${facetReads.splice(0).join('; ')}`);
      failures.push(...problems.map((p) => `${label}: ${p}`));
    }
  };
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', CATALOG_CACHE_MS: '0' });
  app = await buildApp({ config, db, logger: false, secrets: { jwtSecret: randomBytes(32).toString('hex') } });
  // The search index is built from products at start, on the same pool: its reads are not a request's.
  await searchIndexCaughtUp(db);
  const get = async (url: string) => {
    const response = await app?.inject({ url });
    if (response?.statusCode !== 200) throw new Error(`${url}: ${response?.statusCode} ${response?.body}`);
    return response.json();
  };
  const first = await get('/api/products?category=vegetable&limit=20');
  await explain('category listing, first page with its count', '/api/products?category=vegetable&limit=20', true);
  let deep = '/api/products?category=vegetable&sort=price-asc&limit=20';
  let shopId = '';
  for (let page = 1; page <= 50; page++) {
    const { nextCursor, items } = await get(deep);
    deep = `/api/products?category=vegetable&sort=price-asc&limit=20&cursor=${nextCursor}`;
    shopId = items[0].shopId;
  }
  await explain('category listing, price sort, page 51 by keyset cursor', deep);
  await explain(`search with a typo, "${q}"`, `/api/search?${new URLSearchParams({ q, limit: '20' })}`, true);
  await explain(
    'category listing filtered by a label, an allergen and a price range, first page with its counts',
    '/api/products?category=vegetable&labels=vegan&freeFrom=milk,peanuts&minPrice=5&maxPrice=30&limit=20',
  );
  await explain('product page', `/api/singleProduct/${first.items[0]._id}`, true);
  // A product with three sizes from one pool (the bench seed's g % 12 = 2) and one with three sizes of their own.
  const sized = await pool.query(`SELECT (SELECT product_id FROM product_options WHERE draws = 12 LIMIT 1) AS pooled,
    (SELECT product_id FROM product_options WHERE stock IS NOT NULL AND position = 3 LIMIT 1) AS own`);
  await explain('product page, three sizes from one pool', `/api/singleProduct/${sized.rows[0].pooled}`, true);
  await explain('product page, three sizes with their own stock', `/api/singleProduct/${sized.rows[0].own}`, true);
  await explain('all products (the home page), first page with its count', '/api/products?sort=popular&limit=20');
  await explain(
    "a shop's products (the shop page), first page with its count",
    `/api/products?shop=${shopId}&sort=popular&limit=20`,
  );
} finally {
  await app?.close();
  await pool.end();
  await pg.stop();
  if (!kept) await fs.rm(dir, { recursive: true, force: true });
}
console.log(failures.length ? `\nNot flat:\n- ${failures.join('\n- ')}` : '\nEvery plan is flat.');
process.exitCode = failures.length ? 1 : 0;
