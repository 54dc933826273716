import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import type pg from 'pg';
import type { ProductSort } from '#contract/products.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { listingStatement } from '../src/server/modules/catalog/list-products.ts';
import { PRODUCT_COLUMNS, SHOP_CARD_JOIN } from '../src/server/modules/catalog/product-rows.ts';
import { productPageStatement } from '../src/server/modules/catalog/product-service.ts';
import { SearchIndex } from '../src/server/modules/catalog/search-index.ts';
import { reviewSummaryOf } from '../src/server/modules/reviews/index.ts';
import { type Measure, measure } from './measure.ts';
import { measureMix, mixReport } from './mix.ts';
import { sectionOf } from './report-section.ts';
import { misspelledSearches } from './search-queries.ts';
import { PRODUCT_COUNT, seedBenchCatalog } from './seed.ts';
import { recordSize } from './size-report.ts';

/**
 * `npm run bench [-- --seconds 10]`: a separate embedded PostgreSQL with 100,000 products, the real app on a loopback
 * port (as served, and built with CATALOG_CACHE_MS=0), a bare Fastify route and a raw-driver server (node:http and
 * `pg`, no framework, sending the app's own statements), and autocannon (own process, 100 connections, no
 * pipelining, 3 s warm-up, 10 s measured) against each. Prints the table and writes docs/performance.md.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--seconds');
const SECONDS = at > 0 ? Number(process.argv[at + 1]) : 10;
// --products N: the catalog's size; other than the default, only the size section of docs/performance.md is written.
const productsAt = process.argv.indexOf('--products');
const PRODUCTS = productsAt > 0 ? Number(process.argv[productsAt + 1]) : PRODUCT_COUNT;
/** What Chromium sends as Accept-Encoding. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * The products `ids` with the columns and joins of every product read, in that order: what any search must read to
 * answer with a page of them, whatever found and ranked them: their cards, whose sizes are on the products row
 * (decision 052), so this floor, like the raw driver's listing and product page built by the app's own statements,
 * reads what the app reads.
 */
const productsById = (ids: string[]) => sql`SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN}
  WHERE p.id = ANY(${sql.param(ids)}::uuid[]) ORDER BY array_position(${sql.param(ids)}::uuid[], p.id)`;

/** A named statement of `query` for the raw driver. */
function rawStatement(name: string, query: SQL): pg.QueryConfig {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return { name, text, values: params };
}

function productsByIdStatement(ids: string[]): pg.QueryConfig {
  return rawStatement('bench-products-by-id', productsById(ids));
}

/** The same products as one JSON text built by PostgreSQL (json_agg), which the driver passes on without parsing. */
function productsJsonByIdStatement(ids: string[]): pg.QueryConfig {
  return rawStatement(
    'bench-products-json-by-id',
    sql`SELECT coalesce(json_agg(row_to_json(page)), '[]')::text AS body FROM (${productsById(ids)}) page`,
  );
}

/**
 * The raw driver's limit on the app's reads: `node:http`, one `pg` query per request and JSON.stringify of its rows.
 * The statement is what the app sends for the same URL (its own SQL builders, as a named statement), built once
 * per URL so that only the driver's work is measured. `/products-by-id/:index` reads the products of `idPages[index]`
 * (a search's page, found beforehand) with no search: the floor of decision 034; `/products-json-by-id/:index` the
 * same page as one JSON text made by PostgreSQL, written as it comes (no rows parsed or stringified in Node).
 */
function rawDriverServer(pool: pg.Pool, idPages: readonly string[][]): http.Server {
  const statements = new Map<string, pg.QueryConfig>();
  const statementOf = (url: URL): pg.QueryConfig => {
    const product = /^\/api\/singleProduct\/([^/]+)$/.exec(url.pathname);
    const query = url.searchParams;
    const page = /^\/products(-json)?-by-id\/(\d+)$/.exec(url.pathname);
    if (page) return (page[1] ? productsJsonByIdStatement : productsByIdStatement)(idPages[Number(page[2])]);
    return product
      ? productPageStatement(product[1], reviewSummaryOf)
      : listingStatement({
          category: query.get('category') ?? undefined,
          sort: (query.get('sort') ?? undefined) as ProductSort | undefined,
          cursor: query.get('cursor') ?? undefined,
          limit: Number(query.get('limit') ?? 20),
          // As the app's route always asks: a first page counts its filters in the same statement.
          facets: true,
        });
  };
  return http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://raw');
      let statement = statements.get(url.href);
      if (!statement) {
        statement = statementOf(url);
        statements.set(url.href, statement);
      }
      const { rows } = await pool.query(statement);
      const body = url.pathname.startsWith('/products-json-by-id/')
        ? rows[0].body
        : JSON.stringify(url.pathname.startsWith('/api/singleProduct/') ? rows[0] : rows);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
}

const loadAtStart = os.loadavg()[0];
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-bench-'));
await fs.chmod(dir, 0o755);
console.log(`Starting an embedded PostgreSQL in ${dir} …`);
const postgres = await startEmbeddedPostgres(dir);
const pools: pg.Pool[] = [];
const newPool = () => {
  const made = createPool(postgres.url, 20);
  pools.push(made);
  return made;
};
const db = createDb(newPool());
const servers: { close: (done?: () => void) => unknown }[] = [];
try {
  await runMigrations(db);
  const started = Date.now();
  await seedBenchCatalog(db, PRODUCTS);
  const seedSeconds = (Date.now() - started) / 1000;
  console.log(`Seeded ${PRODUCTS.toLocaleString('en-US')} products in ${seedSeconds.toFixed(1)} s`);

  // Each app has its own pool and handle (the micro-cache is kept per database handle).
  const startApp = async (env: Record<string, string> = {}) => {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env });
    const jwtSecret = randomBytes(32).toString('hex');
    const app = await buildApp({ config, db: createDb(newPool()), logger: false, secrets: { jwtSecret } });
    servers.push(app);
    return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  };
  // What one server's search index holds (decision 067), built here alone with the collector run around it.
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const heldBefore = process.memoryUsage();
  const indexStarted = Date.now();
  let probe: SearchIndex | undefined = await SearchIndex.build(db, loadConfig({ DATA_DIR: dir }).businessTimeZone);
  const indexBuildSeconds = (Date.now() - indexStarted) / 1000;
  gc();
  const heldAfter = process.memoryUsage();
  const indexMiB =
    (heldAfter.heapUsed + heldAfter.arrayBuffers - heldBefore.heapUsed - heldBefore.arrayBuffers) / 2 ** 20;
  const indexed = probe.size;
  probe = undefined;
  console.log(
    `Search index: ${indexed.toLocaleString('en-US')} products built in ${indexBuildSeconds.toFixed(1)} s, ${indexMiB.toFixed(0)} MiB (${((indexMiB * 100_000) / indexed).toFixed(0)} MiB per 100,000)`,
  );

  // Each server answers searches from its index once built: health says "ok" instead of "warming" then.
  const ready = async (url: string) => {
    for (;;) {
      const health = (await (await fetch(`${url}/api/health`)).json()) as { status: string };
      if (health.status === 'ok') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const startedAt = Date.now();
  const served = await startApp();
  await ready(served.url);
  const startSeconds = (Date.now() - startedAt) / 1000;
  console.log(`A server started with its search index built in ${startSeconds.toFixed(1)} s`);
  const uncached = await startApp({ CATALOG_CACHE_MS: '0' });
  await ready(uncached.url);

  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ ok: true }));
  servers.push(bare);
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  // Pages of product ids the raw driver reads by `/products-by-id/:index` (filled below).
  const idPages: string[][] = [];
  const raw = rawDriverServer(newPool(), idPages);
  servers.push(raw);
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;

  const productResult = await db.execute(
    sql`SELECT id FROM products WHERE category = 'vegetable' ORDER BY popularity DESC, id LIMIT 1`,
  );
  const productId = (productResult.rows[0] as { id: string }).id;
  // A deep page: follow the cursor 50 pages into the price-sorted category.
  let cursor = '';
  for (let i = 0; i < 50; i++) {
    const response = await served.app.inject({
      url: `/api/products?category=vegetable&sort=price-asc&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
    });
    cursor = response.json().nextCursor;
  }
  const queries = {
    listing: {
      name: 'category listing, first page of 20 with its count',
      path: '/api/products?category=vegetable&limit=20',
    },
    keyset: {
      name: 'category listing, price sort, page 51 by keyset cursor',
      path: `/api/products?category=vegetable&sort=price-asc&limit=20&cursor=${cursor}`,
    },
    product: { name: 'product page (GET /api/singleProduct/:id)', path: `/api/singleProduct/${productId}` },
  };
  type Query = keyof typeof queries;
  const search = '/api/search?q=chedar%20chese';
  // Uncached search cycles through 200 texts, so no page cached anywhere answers twice.
  const typos = await misspelledSearches(db);
  const misspelled = typos.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
  // The floor of any search that reads its page from PostgreSQL: each text's first page, read by id alone.
  const pagesById: string[] = [];
  const jsonPagesById: string[] = [];
  let pageSize = 0;
  for (const url of misspelled) {
    const items: { _id: string }[] = (await uncached.app.inject({ url })).json().items;
    pageSize = Math.max(pageSize, items.length);
    if (items.length === 0) continue;
    const index = idPages.push(items.map((item) => item._id)) - 1;
    pagesById.push(`/products-by-id/${index}`);
    jsonPagesById.push(`/products-json-by-id/${index}`);
  }
  // Each query on the raw driver, then at once on the app, so that both see about the same load on the machine.
  const routes: {
    name: string;
    url: string;
    query?: Query;
    raw?: boolean;
    paths?: string[];
    /** The raw-driver row this row's last column is a ratio to (its `paths`). */
    floor?: string[];
    headers?: Record<string, string>;
  }[] = [
    { name: 'bare Fastify route (GET / → {ok:true})', url: `${bareUrl}/` },
    ...(Object.keys(queries) as Query[]).flatMap((query) => [
      { name: `raw driver: ${queries[query].name}`, url: `${rawUrl}${queries[query].path}`, query, raw: true },
      {
        name: `app uncached (CATALOG_CACHE_MS=0): ${queries[query].name}`,
        url: `${uncached.url}${queries[query].path}`,
        query,
      },
    ]),
    { name: `app as served (1 s micro-cache): ${queries.listing.name}`, url: `${served.url}${queries.listing.path}` },
    {
      name: `app as served, as a browser asks it (Accept-Encoding: ${BROWSER_ENCODINGS}): ${queries.listing.name}`,
      url: `${served.url}${queries.listing.path}`,
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    },
    { name: 'search with a typo, "chedar chese" (as served: 1 s micro-cache)', url: `${served.url}${search}` },
    {
      name: `search with a typo, ${typos.length} texts in turn ("${typos[0]}", "${typos[1]}", …) (uncached: CATALOG_CACHE_MS=0; ratio to the floor row below)`,
      url: uncached.url,
      paths: misspelled,
      floor: pagesById,
    },
    {
      name: `raw driver: the same searches' first pages, their ${pageSize} products read by id (no search: the floor of any search that reads its page from PostgreSQL)`,
      url: rawUrl,
      paths: pagesById,
    },
    {
      name: `raw driver: the same pages as one JSON text made by PostgreSQL, passed on unparsed (the leanest read of a page)`,
      url: rawUrl,
      paths: jsonPagesById,
    },
  ];

  const results: (Measure & (typeof routes)[number])[] = [];
  for (const route of routes) {
    const result = await measure(route.url, route.headers, { duration: SECONDS, paths: route.paths });
    results.push({ ...route, ...result });
    console.log(
      `${route.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
    );
  }
  const mix = await measureMix(served.app, served.url, { duration: SECONDS });
  console.log(
    `Zipf mix: ${Math.round(mix.requestsPerSecond)} req/s, p99 ${mix.p99} ms, hit rate ${mix.hitRate.toFixed(3)}`,
  );

  const bareRate = results[0].requestsPerSecond;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const pgVersion = ((await db.execute(sql`SHOW server_version`)).rows[0] as { server_version: string }).server_version;
  const gitCommit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  const rawRate = (query?: Query) => results.find((r) => r.raw && r.query === query)?.requestsPerSecond;
  const ratio = (rate: number, to: number | undefined) => (to ? (rate / to).toFixed(2) : '–');
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${ratio(r.requestsPerSecond, bareRate)} | ${r.raw ? '1.00' : ratio(r.requestsPerSecond, r.floor ? results.find((f) => f.paths === r.floor)?.requestsPerSecond : rawRate(r.query))} | ${r.errors} |`,
  );
  const goal = (query: Query) => {
    const app = results.find((r) => !r.raw && r.query === query);
    const of = app && app.requestsPerSecond / (rawRate(query) ?? Number.NaN);
    return `- App uncached ÷ raw driver, ${queries[query].name}: ${of?.toFixed(2)} (goal ≥ 0.6): ${of !== undefined && of >= 0.6 ? 'met' : 'not met'}; p99 ${app?.p99} ms.`;
  };
  const servedListing = results.find((r) => r.url === `${served.url}${queries.listing.path}` && !r.headers);
  const browserListing = results.find((r) => r.url === `${served.url}${queries.listing.path}` && r.headers);
  const listingBytes = async (headers: Record<string, string> = {}) =>
    (await served.app.inject({ url: queries.listing.path, headers })).rawPayload.length.toLocaleString('en-US');
  const [plainBytes, browserBytes] = [
    await listingBytes(),
    await listingBytes({ 'accept-encoding': BROWSER_ENCODINGS }),
  ];
  const searchUncached = results.find((r) => r.paths === misspelled);
  const searchRate = searchUncached?.requestsPerSecond ?? 0;
  const searchP99 = searchUncached?.p99 ?? Number.POSITIVE_INFINITY;
  const floors = [pagesById, jsonPagesById].map((paths) => results.find((r) => r.paths === paths));
  const [floor, jsonFloor] = floors;
  const floorMeets = floors.some(
    (f) => (f?.p99 ?? Number.POSITIVE_INFINITY) < 100 && (f?.requestsPerSecond ?? 0) >= 1000,
  );
  const toFloor = searchRate / (floor?.requestsPerSecond ?? Number.NaN);
  const p99ToFloor = searchP99 / (floor?.p99 ?? Number.NaN);
  const verdict = [
    ...(Object.keys(queries) as Query[]).map(goal),
    `- Search with a typo, uncached, ÷ its raw-driver floor (the same pages read by id): ${toFloor.toFixed(2)} (goal ≥ 0.6): ${toFloor >= 0.6 ? 'met' : 'not met'}; p99 ${searchP99} ms, ${p99ToFloor.toFixed(2)}× the floor's ${floor?.p99} ms (goal ≤ 2×): ${p99ToFloor <= 2 ? 'met' : 'not met'} (issue 35 item 3; ranked by each server's index in memory, decision 067). The index: ${indexed.toLocaleString('en-US')} products built from PostgreSQL in ${indexBuildSeconds.toFixed(1)} s, ${indexMiB.toFixed(0)} MiB (${((indexMiB * 100_000) / indexed).toFixed(0)} MiB per 100,000 products); a server started with it built in ${startSeconds.toFixed(1)} s.`,
    `- Listing as served ÷ bare: ${ratio(servedListing?.requestsPerSecond ?? 0, bareRate)} (goal ≥ 0.33): ${(servedListing?.requestsPerSecond ?? 0) / bareRate >= 1 / 3 ? 'met' : 'not met'}; p99 ${servedListing?.p99} ms (goal < 50 ms): ${(servedListing?.p99 ?? Number.POSITIVE_INFINITY) < 50 ? 'met' : 'not met'}. As a browser asks it: ${ratio(browserListing?.requestsPerSecond ?? 0, bareRate)}, p99 ${browserListing?.p99} ms, ${browserBytes} bytes a page instead of ${plainBytes} (ARCHITECTURE.md's budget: a third of bare, p99 < 50 ms; the page's compressed bytes are made once per cached page).`,
    `- Search with a typo, uncached, ${misspelled.length} texts each with one edit in a catalog word: ${Math.round(searchRate).toLocaleString('en-US')} req/s (goal ≥ 1,000): ${searchRate >= 1000 ? 'met' : 'not met'}; p99 ${searchP99} ms (goal < 100 ms): ${searchP99 < 100 ? 'met' : 'not met'} (decision 067: ranked by each server's index in memory; what it leaves to the SQL, decisions 009, 015 and 030: one prepared statement on a generic plan, spelling corrected by each server's in-memory index of the search_terms dictionary, exact full-text on bounded candidates; \`node bench/search.ts\` measures search alone, \`node bench/explain.ts\` shows its plan). Reading those searches' first pages by id through the raw driver, with no search at all: ${Math.round(floor?.requestsPerSecond ?? 0).toLocaleString('en-US')} req/s, p99 ${floor?.p99} ms; as one JSON text made by PostgreSQL: ${Math.round(jsonFloor?.requestsPerSecond ?? 0).toLocaleString('en-US')} req/s, p99 ${jsonFloor?.p99} ms: ${floorMeets ? 'within the goal, so a faster search could meet it' : 'outside the goal already, so no search that reads its page from PostgreSQL per request can meet it on this machine (decision 034)'}.`,
  ];
  const report = `# Catalog performance

Measured by \`npm run bench\` (\`bench/run.ts\`) on ${new Date().toISOString().slice(0, 10)}, commit ${gitCommit}.

- Catalog: ${PRODUCTS.toLocaleString('en-US')} products from 200 vendors in 12 categories, each sold as 1 to 3 options (decision 052), seeded with \`generate_series\` into a separate embedded PostgreSQL ${pgVersion}.
- Servers, all on 127.0.0.1 in the same Node ${process.version} process, each with its own pool of 20 connections: the real app (\`buildApp\`, production config, logging off) as served (1 s micro-cache) and built with \`CATALOG_CACHE_MS=0\` (every read to PostgreSQL); a bare Fastify app answering \`{ok:true}\`; and the raw driver: \`node:http\` with no framework sending, through \`pg\`, the named statement the app sends for the same URL (from the app's own SQL builders) and writing its rows as JSON.
- Load: autocannon in its own process, 100 connections, no pipelining, 3 s warm-up, then ${SECONDS} s measured on the same connections (\`bench/load.ts\`); loopback only. No client sends \`Cache-Control\`: only the server decides what is cached.
- Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM. Load generator, Node and PostgreSQL share these cores; 1-minute load average at the start: ${loadAtStart.toFixed(1)} (other work on the machine skews the figures).

| Route | req/s | p50 (ms) | p99 (ms) | ratio to bare | ratio to raw driver (same query) | errors |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

${verdict.join('\n')}

## A realistic mix

${mixReport(mix)}

What these figures, and \`npm run bench:capacity\`'s per-order and per-read costs, mean for one primary and past one machine: [scaling.md](scaling.md).
`;
  // The summary, the cluster's and failover's figures (npm run test:cluster), Lighthouse's (npm run lighthouse), the
  // sizes', the spelling index's, the search index's, the options' comparison (decision 052) and the catalogue import's are kept.
  const file = path.join(root, 'docs/performance.md');
  const old = await fs.readFile(file, 'utf8').catch(() => '');
  const kept = ['summary', 'cluster', 'lighthouse', 'size', 'spelling', 'search-index', 'failover', 'options', 'import']
    .map((name) => sectionOf(old, name))
    .filter(Boolean);
  if (PRODUCTS === PRODUCT_COUNT) await fs.writeFile(file, [report, ...kept].join('\n') + (kept.length ? '\n' : ''));
  const sizeFigures = [
    ...(Object.keys(queries) as Query[]).map((query) => results.find((r) => !r.raw && r.query === query)),
    searchUncached,
  ];
  await recordSize(
    file,
    {
      products: PRODUCTS,
      date: new Date().toISOString().slice(0, 10),
      commit: gitCommit,
      load: loadAtStart,
      seedSeconds,
    },
    sizeFigures
      .filter((r) => r !== undefined)
      .map((r) => ({ name: r.name, requestsPerSecond: r.requestsPerSecond, p99: r.p99 })),
  );
  console.log(`\n${report}\nWritten to docs/performance.md`);
} finally {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const made of pools) await made.end();
  await postgres.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
