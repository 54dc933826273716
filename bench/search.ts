import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, createPool, runMigrations } from '../src/server/db/client.ts';
import { readPostmasterPid, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { measure } from './measure.ts';
import { misspelledSearches } from './search-queries.ts';
import { seedBenchCatalog } from './seed.ts';

/**
 * `node bench/search.ts [dir] [seconds]`: search alone, for quick iterations. On the bench catalog (seeded once
 * into `dir` and reused), with an app that caches no catalog read (CATALOG_CACHE_MS=0): medians of 200 rounds
 * through app.inject of a few searches, suggestions and shop lists, then autocannon (100 connections, 1 s
 * warm-up, `seconds` measured, 5 by default) cycling through 200 misspelled searches.
 */
/** CPU seconds (user + system) used so far by the postmaster `pid` and its children (the backends, live ones). */
async function postgresCpuSeconds(pid: number): Promise<number> {
  let ticks = 0;
  for (const entry of await fs.readdir('/proc')) {
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === pid || Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

const dir = process.argv[2] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-search-')));
const seconds = Number(process.argv[3] ?? 5);
await fs.mkdir(dir, { recursive: true, mode: 0o755 });
const pg = await startEmbeddedPostgres(dir);
const pool = createPool(pg.url, 20);
const db = createDb(pool);
try {
  await runMigrations(db);
  if ((await pool.query('SELECT count(*)::int AS n FROM products')).rows[0].n === 0) await seedBenchCatalog(db);
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', CATALOG_CACHE_MS: '0' });
  const app = await buildApp({ config, db, logger: false, secrets: { jwtSecret: randomBytes(32).toString('hex') } });
  try {
    const fresh = { 'cache-control': 'no-cache' };
    const urls = [
      '/api/search?q=chedar%20chese',
      '/api/search?q=strawbery',
      '/api/search?q=cheese',
      '/api/search/suggest?q=chees',
      '/api/search/suggest?q=fruit',
      '/api/shops?q=bakry',
      '/api/shops?q=meadow',
    ];
    const times = new Map<string, number[]>(urls.map((url) => [url, []]));
    for (let round = 0; round < 200; round++) {
      for (const url of urls) {
        const started = performance.now();
        const response = await app.inject({ url, headers: fresh });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        times.get(url)?.push(performance.now() - started);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
    for (const [url, values] of times) console.log(`${url}: median ${median(values).toFixed(2)} ms`);

    const texts = await misspelledSearches(db);
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const paths = texts.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
    const postmaster = (await readPostmasterPid(path.join(dir, 'pg')))?.pid ?? 0;
    const [nodeBefore, pgBefore] = [process.cpuUsage(), await postgresCpuSeconds(postmaster)];
    const result = await measure(appUrl, fresh, { warmup: 1, duration: seconds, paths });
    const node = process.cpuUsage(nodeBefore);
    const pgSeconds = (await postgresCpuSeconds(postmaster)) - pgBefore;
    // Per request measured (the warm-up's second counts in the CPU, so this overstates it a little).
    const perRequest = (cpuSeconds: number) => ((cpuSeconds * 1000) / result.total).toFixed(2);
    console.log(
      `${texts.length} misspelled searches ("${texts[0]}", "${texts[1]}", …), ${seconds} s: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}; CPU per request: Node ${perRequest((node.user + node.system) / 1e6)} ms, PostgreSQL ${perRequest(pgSeconds)} ms; load ${os.loadavg()[0].toFixed(2)}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await pool.end();
  await pg.stop();
}
