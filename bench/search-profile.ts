import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { listProducts } from '../src/server/modules/catalog/list-products.ts';
import { PRODUCT_COLUMNS, SHOP_CARD_JOIN } from '../src/server/modules/catalog/product-rows.ts';
import { SearchIndex, searchIndexWarming } from '../src/server/modules/catalog/search-index.ts';
import { searchWords } from '../src/server/modules/catalog/search-ranking.ts';
import { SpellingIndex } from '../src/server/modules/catalog/spelling-index.ts';
import { misspelledSearches } from './search-queries.ts';
import { seedBenchCatalog } from './seed.ts';

/**
 * `node bench/search-profile.ts [dir] [--rounds R]`: where the Node CPU of one uncached search by the index goes
 * (issue 35). On the bench catalog (100,000 products, seeded once into `dir` and reused), with an app that caches no
 * catalog read (CATALOG_CACHE_MS=0), the bench's 200 misspelled texts one at a time, after a warm round each:
 * - through the real route (a loopback listen; a client in its own process on one keep-alive connection), the
 *   server process's CPU per search and the latency;
 * - in this process without HTTP, each step's CPU per search: the spelling, the index's ranking
 *   (SearchIndex.search), the whole page (listProducts: ranking, card read by id, cards), and the floor's part of it
 *   (npm run bench's raw-driver floor row without HTTP: the same 23 products read by id with `pg`, JSON.stringify).
 * With `--profile FILE`, a CPU profile of the first route measurement is written (summarised by
 * `node bench/cpu-profile-top.ts FILE`).
 */
const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : undefined;
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;
const PAGE = 20;
// --profile FILE: a V8 CPU profile of this process over the route's measured rounds only (not the seed or the build).
const profileAt = process.argv.indexOf('--profile');
const PROFILE = profileAt > 0 ? process.argv[profileAt + 1] : undefined;

const home = dir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-search-profile-')));
await fs.mkdir(home, { recursive: true, mode: 0o755 });
const pg = await startEmbeddedPostgres(home);
const pool = createPool(pg.url, 20);
const db = createDb(pool);

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

/** Runs `step` over every text ROUNDS times after a warm round: CPU ms per call and the p50 of its wall time. */
async function perSearch(texts: string[], step: (q: string) => unknown): Promise<string> {
  for (const q of texts) await step(q);
  const times: number[] = [];
  const before = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of texts) {
      const at = performance.now();
      await step(q);
      times.push(performance.now() - at);
    }
  }
  const used = cpuMs(process.cpuUsage(before)) / times.length;
  return `CPU ${used.toFixed(3)} ms per search, p50 ${quantile(times, 0.5).toFixed(3)} ms, p99 ${quantile(times, 0.99).toFixed(3)} ms`;
}

/** The client: each path in turn on one keep-alive connection, ROUNDS + 1 times; prints the times of the last ROUNDS. */
const CLIENT = `
import http from 'node:http';
const [url, paths, rounds] = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (p) => new Promise((resolve, reject) => {
  http.get(url + p, { agent, headers: { 'cache-control': 'no-cache' } }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(p + ': ' + res.statusCode))));
  }).on('error', reject);
});
for (const p of paths) await get(p);
process.stdout.write('warm\\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
const times = [];
for (let round = 0; round < rounds; round++) for (const p of paths) {
  const at = performance.now();
  await get(p);
  times.push(performance.now() - at);
}
process.stdout.write(JSON.stringify(times) + '\\n');
agent.destroy();
process.stdin.destroy();
`;

/** The server process's CPU per search over the client's measured rounds, and their latency. */
async function overHttp(url: string, paths: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT, JSON.stringify([url, paths, ROUNDS])], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  let before = process.cpuUsage();
  let started = 0;
  const times = await new Promise<number[]>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out === 'warm\n') {
        out = '';
        before = process.cpuUsage();
        started = performance.now();
        child.stdin.write('go\n');
      } else if (out.endsWith('\n')) {
        child.stdin.end();
        resolve(JSON.parse(out));
      }
    });
    child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`client exited ${code}`))));
  });
  const used = cpuMs(process.cpuUsage(before)) / times.length;
  const wall = (performance.now() - started) / times.length;
  return `server CPU ${used.toFixed(3)} ms per search (${((100 * used) / wall).toFixed(0)} % of its wall time), latency p50 ${quantile(times, 0.5).toFixed(3)} ms, p99 ${quantile(times, 0.99).toFixed(3)} ms`;
}

try {
  await runMigrations(db);
  if ((await pool.query('SELECT count(*)::int AS n FROM products')).rows[0].n === 0) await seedBenchCatalog(db);
  const config = loadConfig({ DATA_DIR: home, LOG_LEVEL: 'silent', HOST: '127.0.0.1', CATALOG_CACHE_MS: '0' });
  const app = await buildApp({ config, db, logger: false, secrets: { jwtSecret: randomBytes(32).toString('hex') } });
  try {
    while (searchIndexWarming(db)) await new Promise((resolve) => setTimeout(resolve, 100));
    const texts = await misspelledSearches(db);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const paths = texts.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
    const session = PROFILE ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    console.log(`route (HTTP, in series): ${await overHttp(url, paths)}`);
    if (session && PROFILE) {
      const { profile } = await session.post('Profiler.stop');
      await fs.writeFile(PROFILE, JSON.stringify(profile));
      session.disconnect();
    }

    // The same steps without HTTP, on an index and a spelling index of this process's own.
    const spelling = new SpellingIndex();
    for (const { term } of (await db.execute(sql`SELECT term FROM search_terms`)).rows as { term: string }[]) {
      spelling.add(term);
    }
    const spell = (words: string[]) => words.map((word) => spelling.correct(word));
    const index = await SearchIndex.build(db, config.businessTimeZone);
    console.log(`spelling: ${await perSearch(texts, (q) => spell(searchWords(q)))}`);
    console.log(`index ranking: ${await perSearch(texts, (q) => index.search(db, q, spell))}`);
    const page = (q: string) => listProducts(db, { q, sort: 'relevance', limit: PAGE }, spell, index);
    console.log(`listProducts: ${await perSearch(texts, page)}`);
    const dialect = new PgDialect();
    const pages = new Map<string, string[]>();
    for (const q of texts) {
      pages.set(
        q,
        ((await index.search(db, q, spell))?.ranked ?? []).slice(0, PAGE + 3).map((r) => r.id()),
      );
    }
    const byId = (q: string) => {
      const ids = pages.get(q) ?? [];
      const { sql: text, params } = dialect.sqlToQuery(sql`SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN}
        WHERE p.id = ANY(${sql.param(ids)}::uuid[]) ORDER BY array_position(${sql.param(ids)}::uuid[], p.id)`);
      return { name: 'search-profile-by-id', text, values: params };
    };
    const statements = new Map(texts.map((q) => [q, byId(q)]));
    console.log(
      `floor's read (pg by id, JSON.stringify): ${await perSearch(texts, async (q) => JSON.stringify((await pool.query(statements.get(q) ?? byId(q))).rows))}`,
    );
    console.log(`route again: ${await overHttp(url, paths)}`);
    console.log(
      `${index.size.toLocaleString('en-US')} products, ${texts.length} texts × ${ROUNDS} rounds; Node ${process.version}; 1-minute load ${os.loadavg()[0].toFixed(2)}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await pool.end();
  await pg.stop();
}
