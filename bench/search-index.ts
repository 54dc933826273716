import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDb, createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { listProducts } from '../src/server/modules/catalog/list-products.ts';
import { SearchIndex } from '../src/server/modules/catalog/search-index.ts';
import { searchWords } from '../src/server/modules/catalog/search-ranking.ts';
import { SpellingIndex } from '../src/server/modules/catalog/spelling-index.ts';
import { misspelledSearches } from './search-queries.ts';
import { PRODUCT_COUNT, seedBenchCatalog } from './seed.ts';

/**
 * `npm run bench:search-index [-- --products N --rounds R]`: each server's search index (decision 067,
 * `search-index.ts`) on the bench catalog, seeded into a separate embedded PostgreSQL: how long it takes to build
 * from PostgreSQL and what it holds (heap and typed arrays, per 100,000 products), how long it takes to rank a
 * search (200 one-word, two-word and misspelled texts, single-threaded, warm), how many it leaves to the SQL, and
 * whether its pages equal the SQL's (`listProducts` without the index) for the misspelled texts.
 */
const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCTS = argument('--products', PRODUCT_COUNT);
const ROUNDS = argument('--rounds', 3);
const PAGE = 20;

const mib = (bytes: number) => bytes / 2 ** 20;
const gc = () => (globalThis.gc ? globalThis.gc() : undefined);
const held = () => {
  const used = process.memoryUsage();
  return used.heapUsed + used.arrayBuffers;
};
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-search-index-'));
await fs.chmod(dir, 0o755);
const postgres = await startEmbeddedPostgres(dir);
const pool = createPool(postgres.url, 4);
try {
  const db = createDb(pool);
  await runMigrations(db);
  const seeding = performance.now();
  await seedBenchCatalog(db, PRODUCTS);
  console.log(
    `Seeded ${PRODUCTS.toLocaleString('en-US')} products in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const spelling = new SpellingIndex();
  for (const { term } of (await db.execute(sql`SELECT term FROM search_terms`)).rows as { term: string }[]) {
    spelling.add(term);
  }
  const spell = (words: string[]) => words.map((word) => spelling.correct(word));

  gc();
  const before = held();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const index = await SearchIndex.build(db, 'UTC');
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  gc();
  const heldMiB = mib(held() - before);
  const per100k = 100_000 / index.size;
  console.log(
    `Built from PostgreSQL in ${seconds.toFixed(1)} s (Node CPU ${((used.user + used.system) / 1e6).toFixed(1)} s): ${index.size.toLocaleString('en-US')} products, ${heldMiB.toFixed(0)} MiB held (${(heldMiB * per100k).toFixed(1)} MiB per 100,000), of which typed arrays ${mib(index.bytes()).toFixed(0)} MiB`,
  );

  const typos = await misspelledSearches(db);
  const fixed = typos.map((q) => searchWords(q).map((w) => spelling.correct(w) ?? w));
  const texts = {
    'one word': fixed.map((words) => words.at(-1) as string),
    'two words': fixed.map((words) => words.slice(0, 2).join(' ')),
    misspelled: typos,
  };
  const rows: string[] = [];
  for (const [kind, list] of Object.entries(texts)) {
    for (const q of list) await index.search(db, q, spell); // warm, as a running server is (stems asked once)
    const times: number[] = [];
    let declined = 0;
    const cpuBefore = process.cpuUsage();
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of list) {
        const at = performance.now();
        const found = await index.search(db, q, spell);
        times.push(performance.now() - at);
        if (!found && round === 0) declined++;
      }
    }
    const cpuUsed = process.cpuUsage(cpuBefore);
    rows.push(
      `| ${kind} | ${quantile(times, 0.5).toFixed(2)} | ${quantile(times, 0.99).toFixed(2)} | ${((cpuUsed.user + cpuUsed.system) / 1000 / times.length).toFixed(2)} | ${declined} of ${list.length} |`,
    );
  }
  console.log(
    `\n${index.size.toLocaleString('en-US')} products; Node ${process.version}, 1-minute load ${os.loadavg()[0].toFixed(1)}; ${typos.length} texts of each kind × ${ROUNDS} rounds after a warm one, single-threaded\n\n` +
      '| Texts | ranking ms p50 | p99 | CPU ms per search | left to the SQL |\n|---|---:|---:|---:|---:|\n' +
      rows.join('\n'),
  );

  let equal = 0;
  const differing: string[] = [];
  for (const q of typos) {
    const params = { q, sort: 'relevance' as const, limit: PAGE };
    const bySql = await listProducts(db, params, spell);
    const byIndex = await listProducts(db, params, spell, index);
    const same = JSON.stringify(bySql) === JSON.stringify(byIndex);
    if (same) equal++;
    else if (differing.length < 5) differing.push(q);
  }
  console.log(
    `\nFirst pages (items, total, cursor) equal to the SQL's for ${equal} of ${typos.length} misspelled texts${differing.length ? `; differing: ${differing.join(', ')}` : ''}`,
  );
} finally {
  await pool.end();
  await postgres.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
