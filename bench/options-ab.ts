import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { listingStatement } from '../src/server/modules/catalog/list-products.ts';
import { PRODUCT_COLUMNS, SHOP_CARD_JOIN } from '../src/server/modules/catalog/product-rows.ts';
import { productPageStatement } from '../src/server/modules/catalog/product-service.ts';
import { reviewSummaryOf } from '../src/server/modules/reviews/index.ts';
import { misspelledSearches } from './search-queries.ts';
import { PRODUCT_COUNT, seedBenchCatalog } from './seed.ts';

/**
 * `npm run bench:options [-- --products N --seconds S]`: what a product's options (decision 052) cost each catalog
 * read, measured so that the load of other work on the machine falls on both sides alike. Each read's statement, as
 * the app sends it, and the same statement without the options' lateral (the read as it was before options: the
 * products keep their mirror columns, so it still answers) take turns in 1-second slices on one pool of 20
 * connections, 20 loops each sending the statement and stringifying its rows, until each side has had S seconds.
 * Prints each read's statements a second with and without options, their ratio, and the p99s.
 */
const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCTS = argument('--products', PRODUCT_COUNT);
const SECONDS = argument('--seconds', 30);
const LOOPS = 20;

const OPTIONS_JOIN =
  /LEFT JOIN LATERAL \(SELECT json_agg\(listed\.option\) AS options.*?ORDER BY o\.position\) listed\) opts ON true/s;

/**
 * The statement without what options add: the product page's lateral, a card's sizes (products.sizes): the read as it
 * was before options.
 */
function withoutOptions(statement: pg.QueryConfig): pg.QueryConfig {
  const text = statement.text
    .replace(OPTIONS_JOIN, '')
    .replace('opts.options', 'NULL::json AS options')
    .replace('p.sizes,', 'NULL::json AS sizes,');
  if (text === statement.text || OPTIONS_JOIN.test(text)) throw new Error(`no options read in ${statement.name}`);
  return { ...statement, name: statement.name ? `${statement.name}-before` : undefined, text };
}

type Side = { statements: pg.QueryConfig[]; done: number; latencies: number[]; seconds: number };

/** One slice: LOOPS loops send the side's statements in turn for `ms`. */
async function slice(pool: pg.Pool, side: Side, ms: number) {
  const until = performance.now() + ms;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOOPS }, async () => {
      while (performance.now() < until) {
        const statement = side.statements[next++ % side.statements.length];
        const sent = performance.now();
        const { rows } = await pool.query(statement);
        JSON.stringify(rows);
        side.latencies.push(performance.now() - sent);
        side.done += 1;
      }
    }),
  );
  side.seconds += (performance.now() - started) / 1000;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-options-ab-'));
await fs.chmod(dir, 0o755);
const postgres = await startEmbeddedPostgres(dir);
const pools: pg.Pool[] = [];
try {
  const newPool = () => {
    const made = createPool(postgres.url, LOOPS);
    pools.push(made);
    return made;
  };
  const db = createDb(newPool());
  await runMigrations(db);
  const seeding = performance.now();
  await seedBenchCatalog(db, PRODUCTS);
  console.log(
    `Seeded ${PRODUCTS.toLocaleString('en-US')} products in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', CATALOG_CACHE_MS: '0' });
  const app = await buildApp({ config, db, logger: false, secrets: { jwtSecret: randomBytes(32).toString('hex') } });
  const [{ id: productId }] = (
    await db.execute(sql`SELECT id FROM products WHERE category = 'vegetable' ORDER BY popularity DESC, id LIMIT 1`)
  ).rows as { id: string }[];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const url = `/api/products?category=vegetable&sort=price-asc&limit=20${cursor ? `&cursor=${cursor}` : ''}`;
    cursor = (await app.inject({ url })).json().nextCursor;
  }
  const searchPages: pg.QueryConfig[] = [];
  for (const q of await misspelledSearches(db)) {
    const items: { _id: string }[] = (await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json().items;
    if (items.length === 0) continue;
    const ids = items.map((item) => item._id);
    const query = sql`SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN}
      WHERE p.id = ANY(${sql.param(ids)}::uuid[]) ORDER BY array_position(${sql.param(ids)}::uuid[], p.id)`;
    const { sql: text, params } = new PgDialect().sqlToQuery(query);
    searchPages.push({ name: 'bench-search-page', text, values: params });
  }
  await app.close();

  const reads: { name: string; statements: pg.QueryConfig[] }[] = [
    {
      name: 'listing, first page of 20 with its count',
      statements: [listingStatement({ category: 'vegetable', limit: 20, facets: true })],
    },
    {
      name: 'listing, price sort, page 51 by keyset cursor',
      statements: [listingStatement({ category: 'vegetable', sort: 'price-asc', cursor, limit: 20, facets: true })],
    },
    { name: 'product page', statements: [productPageStatement(productId, reviewSummaryOf)] },
    { name: `search's page of products by id (${searchPages.length} pages in turn)`, statements: searchPages },
  ];

  const pool = newPool();
  const lines: string[] = [];
  for (const read of reads) {
    const after: Side = { statements: read.statements, done: 0, latencies: [], seconds: 0 };
    const before: Side = { statements: read.statements.map(withoutOptions), done: 0, latencies: [], seconds: 0 };
    // Warm both (plans, caches), then measure in alternating slices, the first side alternating too.
    await slice(pool, before, 2000);
    await slice(pool, after, 2000);
    for (const side of [before, after]) Object.assign(side, { done: 0, latencies: [], seconds: 0 });
    for (let turn = 0; turn < SECONDS; turn++) {
      const order = turn % 2 === 0 ? [before, after] : [after, before];
      for (const side of order) await slice(pool, side, 1000);
    }
    const rate = (side: Side) => side.done / side.seconds;
    const change = (rate(after) / rate(before) - 1) * 100;
    const line = `| ${read.name} | ${Math.round(rate(before)).toLocaleString('en-US')} | ${Math.round(rate(after)).toLocaleString('en-US')} | ${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} % | ${p99(before.latencies).toFixed(1)} → ${p99(after.latencies).toFixed(1)} |`;
    console.log(line);
    lines.push(line);
  }
  console.log(
    `\n${PRODUCTS.toLocaleString('en-US')} products, ${SECONDS} s a side in 1-s turns, ${LOOPS} loops on ${LOOPS} connections; 1-minute load ${os.loadavg()[0].toFixed(1)} at the end\n` +
      '| Read | statements/s without options | with options | change | p99 ms without → with |\n|---|---:|---:|---:|---:|\n' +
      lines.join('\n'),
  );
} finally {
  await Promise.all(pools.map((pool) => pool.end()));
  await postgres.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
