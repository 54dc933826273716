import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { misspelledSearches } from '../../../../bench/search-queries.ts';
import { seedBenchCatalog } from '../../../../bench/seed.ts';
import { setupTestApp } from '../../test/app.ts';
import { type ListProductsParams, listProducts } from './list-products.ts';
import { SearchIndex } from './search-index.ts';
import { searchWords } from './search-ranking.ts';
import { liveSpelling, type Spell } from './spelling.ts';

/**
 * Issue 35 item 2: the index answers what the SQL answers. On one seeded bench catalog, each text of a fixed set is
 * searched through the SQL path and through the index path (page one and, with its cursor, page two): the same
 * products in the same order, the same total, the same cursor (so the same score, to the bit). The index declines
 * (and the SQL answers) what decision 067 lists: a word neither a term nor corrected, a stop word, a shop name close
 * to the text, tied close categories. Its one documented difference: of more than 100 products found by their
 * details alone, it takes the 100 most popular where the SQL takes the first 100 its plan meets; both count them
 * "100+".
 */
const PRODUCTS = 6_000;

describe('the search index answers as the SQL does', () => {
  const t = setupTestApp({ CATALOG_CACHE_MS: '0' });
  let spell: Spell;
  let index: SearchIndex;
  let texts: string[];

  beforeAll(async () => {
    await seedBenchCatalog(t.db, PRODUCTS);
    spell = (await liveSpelling(t.db, t.app.catalogChanges)).spell;
    index = await SearchIndex.build(t.db, t.config.businessTimeZone);
    const misspelled = await misspelledSearches(t.db, 120);
    const fixed = misspelled.map((q) => searchWords(q).map((w) => spell([w])[0] ?? w));
    // Two typos: the misspelled text with a letter of its first long word dropped too.
    const twoTypos = misspelled.slice(0, 20).map((q) => q.replace(/(\w{5,}?)\w/, '$1'));
    const { rows: shops } = await t.db.execute<{ name: string }>(sql`SELECT name FROM shops ORDER BY name LIMIT 10`);
    texts = [
      ...misspelled,
      ...fixed.slice(0, 40).map((words) => words.at(-1) as string),
      ...fixed.slice(40, 70).map((words) => words.slice(0, 2).join(' ')),
      ...fixed.slice(70, 90).map((words) => words.join(' ')),
      ...twoTypos,
      ...shops.map((s) => s.name),
      ...shops.slice(0, 5).map((s) => s.name.split(' ')[0].toLowerCase()),
      'bread and butter',
      'the',
      'fresh',
    ];
  }, 120_000);

  const page = (params: ListProductsParams, withIndex: boolean) =>
    t.db.transaction((tx) => listProducts(tx, params, spell, withIndex ? index : undefined));

  it('ranks at least 200 texts as the SQL does, page one and two, and answers most of them itself', async () => {
    expect(new Set(texts).size).toBeGreaterThanOrEqual(200);
    let answered = 0;
    let byPopularity = 0;
    const differences: string[] = [];
    for (const q of new Set(texts)) {
      const found = await index.search(t.db, q, spell);
      if (found) answered++;
      const params: ListProductsParams = { q, sort: 'relevance', limit: 20 };
      const [bySql, byIndex] = [await page(params, false), await page(params, true)];
      if (found?.describedByPopularity) {
        // The documented difference: another 100 of the products found by their details, counted "100+" alike.
        byPopularity++;
        expect([bySql.totalCapped, byIndex.totalCapped]).toEqual([true, true]);
        expect(await page(params, true)).toEqual(byIndex);
        continue;
      }
      const shown = (p: typeof bySql) => ({
        ids: p.items.map((i) => i._id),
        total: p.total,
        capped: p.totalCapped ?? false,
        next: p.nextCursor,
      });
      if (JSON.stringify(shown(bySql)) !== JSON.stringify(shown(byIndex))) {
        differences.push(`"${q}": ${JSON.stringify(shown(bySql))} vs ${JSON.stringify(shown(byIndex))}`);
        continue;
      }
      if (bySql.nextCursor) {
        const next = { ...params, cursor: bySql.nextCursor };
        const [sqlNext, indexNext] = [await page(next, false), await page(next, true)];
        if (JSON.stringify(shown(sqlNext)) !== JSON.stringify(shown(indexNext)))
          differences.push(`"${q}" page 2: ${JSON.stringify(shown(sqlNext))} vs ${JSON.stringify(shown(indexNext))}`);
      }
    }
    expect(differences).toEqual([]);
    // 201 of 248 when written, before the index chose among products found by their details: the others are shop
    // names and stop words.
    expect(answered).toBeGreaterThanOrEqual(texts.length * 0.75);
    expect(byPopularity).toBeGreaterThan(0);
  }, 120_000);

  it('fills a page with the next ranked products when some it ranked are no longer offered (an index behind)', async () => {
    const q = texts[0];
    const params: ListProductsParams = { q, sort: 'relevance', limit: 20 };
    const ranked = ((await index.search(t.db, q, spell)) ?? { ranked: [] }).ranked.map((r) => r.id());
    expect(ranked.length).toBeGreaterThan(26);
    // Three of the first page unlisted behind this index's back (it hears no change feed): a page reads them live.
    const gone = [ranked[0], ranked[7], ranked[19]];
    await t.db.execute(sql`UPDATE products SET listed = false WHERE id IN ${gone}`);
    try {
      const shown = await page(params, true);
      const expected = ranked.filter((id) => !gone.includes(id));
      expect(shown.items.map((item) => item._id)).toEqual(expected.slice(0, 20));
      expect(shown.nextCursor).not.toBeNull();
      const next = await page({ ...params, cursor: shown.nextCursor as string }, true);
      expect(next.items[0]?._id).toBe(expected[20]);
    } finally {
      await t.db.execute(sql`UPDATE products SET listed = true WHERE id IN ${gone}`);
    }
  }, 60_000);

  it('leaves filtered, counted, sorted and placed searches to the SQL, which answers them as before', async () => {
    const q = texts[0];
    for (const params of [
      { q, limit: 20, labels: ['organic' as const] },
      { q, limit: 20, freeFrom: ['milk' as const] },
      { q, limit: 20, minPrice: 1, maxPrice: 5 },
      { q, limit: 20, sort: 'price-asc' as const },
      { q, limit: 20, from: { latitude: 45.5, longitude: -122.6 }, maxKm: 50 },
      { q, limit: 20, from: { latitude: 45.5, longitude: -122.6 }, sort: 'nearest' as const },
      { q, limit: 20, facets: true },
    ] satisfies ListProductsParams[]) {
      expect(await page(params, true)).toEqual(await page(params, false));
    }
  }, 60_000);
});
