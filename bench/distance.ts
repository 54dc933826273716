import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb, createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { type ListProductsParams, listingStatement } from '../src/server/modules/catalog/list-products.ts';
import { PRODUCT_COUNT, seedBenchCatalog } from './seed.ts';

/**
 * `node bench/distance.ts [--products N] [dir]`: EXPLAIN (ANALYZE, BUFFERS) of the listing statements that measure
 * distances (docs/decisions/020-distance-from-the-farm.md) on the bench catalog (100,000 products, or N; bench/seed.ts
 * places each product within about 11 km of its shop, the 200 shops over Oregon and Washington): nearest first
 * (all products, a category, a page deep in the keyset), maxKm with the popular sort, and a category's first page with
 * its counts (facets, distance radii included). Prints each plan's time and the rows its scans read.
 */
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv.splice(at, 2)[1] : undefined;
};
const products = Number(option('--products') ?? PRODUCT_COUNT);
const kept = process.argv[2];
const dir = kept ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-distance-')));
await fs.mkdir(dir, { recursive: true, mode: 0o755 });
const pg = await startEmbeddedPostgres(dir);
const pool = createPool(pg.url, 2);
const db = createDb(pool);

try {
  await runMigrations(db);
  const seeded = await db.execute(sql`SELECT count(*)::int AS n FROM products`);
  if ((seeded.rows[0] as { n: number }).n === 0) {
    const started = performance.now();
    await seedBenchCatalog(db, products);
    console.log(`seeded ${products} products in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  // Portland (97201), a place among the shops.
  const from = { latitude: 45.51, longitude: -122.69 };
  const first = await pool.query(listingStatement({ sort: 'nearest', from, limit: 1000 }));
  const deep = first.rows.at(-1) as { id: string; nearest_key: number };
  const cases: [string, Omit<ListProductsParams, 'q'>][] = [
    ['nearest first, all products', { sort: 'nearest', from, limit: 20 }],
    ['nearest first, a category', { sort: 'nearest', from, category: 'fruit', limit: 20 }],
    ['nearest first, the page after 1,000 products', { sort: 'nearest', from, limit: 20, cursor: cursorAfter(deep) }],
    ['maxKm=25, most popular first', { sort: 'popular', from, maxKm: 25, limit: 20 }],
    ['maxKm=100, a category, most popular first', { sort: 'popular', from, maxKm: 100, category: 'fruit', limit: 20 }],
    [
      'a category with its counts (distance radii)',
      { sort: 'popular', from, category: 'fruit', limit: 20, facets: true },
    ],
    ['a category with its counts, no place', { sort: 'popular', category: 'fruit', limit: 20, facets: true }],
  ];
  for (const [name, params] of cases) {
    const statement = listingStatement(params);
    // Twice: the first warms the cache; the second is measured.
    await pool.query({ text: statement.text, values: statement.values });
    const explained = await pool.query({
      text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`,
      values: statement.values,
    });
    const [plan] = (explained.rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] })[
      'QUERY PLAN'
    ];
    console.log(`${name}: ${plan['Execution Time'].toFixed(1)} ms; ${scans(plan.Plan).join('; ')}`);
  }
} finally {
  await pool.end();
  await pg.stop();
  if (!kept) await fs.rm(dir, { recursive: true, force: true });
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** The scans of products in a plan, with the rows each read. */
function scans(node: PlanNode): string[] {
  const found: string[] = [];
  const visit = (n: PlanNode) => {
    if (n['Relation Name'] === 'products') {
      const loops = Math.max(1, n['Actual Loops']);
      const read = (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * loops;
      found.push(`${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''} read ${read} rows`);
    }
    for (const child of n.Plans ?? []) visit(child);
  };
  visit(node);
  return found;
}

function cursorAfter(row: { id: string; nearest_key: number }): string {
  return Buffer.from(JSON.stringify({ s: 'nearest', v: row.nearest_key, i: row.id })).toString('base64url');
}
