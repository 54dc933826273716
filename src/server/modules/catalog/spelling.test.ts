import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '#contract/products.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { searchIndexCaughtUp } from './search-index.ts';
import { liveSpelling } from './spelling.ts';
import { trigramSimilarity } from './spelling-index.ts';
import { insertProduct } from './test-products.ts';

// Two apps on one database, each with its own pool and change feed: two server processes in all but the process.
const stack = madeBeforeAll(async () => {
  const database = await createTestDatabase();
  const [a, b] = [await buildTestApp(database.url), await buildTestApp(database.url)];
  return { database, a, b };
});
afterAll(async () => {
  await stack.a.close();
  await stack.b.close();
  await stack.database.drop();
});

const search = async (t: TestContext, q: string) => {
  const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
  return { status: response.statusCode, page: response.json() as ProductPage };
};

describe('the in-memory spelling index', () => {
  it('learns a word of a product added by another process, without a restart', async () => {
    // What the second process holds: the dictionary at its start, kept up by its change feed.
    const spelling = await liveSpelling(stack.b.db, stack.b.app.catalogChanges);
    expect(spelling.spell(['kumqat', 'marmelade'])).toEqual([null, null]);

    const vendor = await createUser(stack.a, { role: 'vendor', name: 'Citrus Row' });
    await insertProduct(stack.a, vendor.id, { name: 'Kumquat Marmalade', category: 'grains' });

    await expect
      .poll(() => spelling.spell(['kumqat', 'marmelade', 'kumquat']))
      .toEqual(['kumquat', 'marmalade', 'kumquat']);
    await searchIndexCaughtUp(stack.b.db);
    const { page } = await search(stack.b, 'kumqat marmelade');
    expect(page.items.map((p) => p.productName)[0]).toBe('Kumquat Marmalade');
  });

  it('loads the dictionary again when its change feed reconnects, since words added meanwhile were not heard', async () => {
    // A feed that hears nothing until it "reconnects": the words added while it was deaf come from the table.
    let heard: ((term: string | undefined) => void) | undefined;
    const deaf = {
      ...stack.a.app.catalogChanges,
      subscribeTerms: (listener: (term: string | undefined) => void) => {
        heard = listener;
        return () => undefined;
      },
    };
    const spelling = await liveSpelling(stack.a.db, deaf);
    const vendor = await createUser(stack.a, { role: 'vendor', name: 'Deaf Acres' });
    await insertProduct(stack.a, vendor.id, { name: 'Rutabaga Crisps', category: 'vegetable' });
    expect(spelling.spell(['rutabagga'])).toEqual([null]);
    heard?.(undefined);
    await expect.poll(() => spelling.spell(['rutabagga', 'crisps'])).toEqual(['rutabaga', 'crisps']);
  });

  it('measures trigram similarity exactly as pg_trgm does, so it chooses the correction PostgreSQL would', async () => {
    const pairs = [
      ['tomatos', 'tomato'],
      ['tomatos', 'tomatoes'],
      ['chedar', 'cheddar'],
      ['quinao', 'quinoa'],
      ['te', 'tea'],
      ['ok', 'oak'],
      ['creme', 'crème'],
      ['jalapeno', 'jalapeño'],
      ['aaa', 'aaaa'],
    ];
    const { rows } = await stack.a.db.execute<{ similarity: number }>(sql`
      SELECT similarity(a, b) AS similarity
      FROM unnest(${sql.param(pairs.map(([a]) => a))}::text[], ${sql.param(pairs.map(([, b]) => b))}::text[])
        WITH ORDINALITY AS p(a, b, n)
      ORDER BY n`);
    expect(pairs.map(([a, b]) => trigramSimilarity(a, b))).toEqual(
      rows.map((row) => expect.closeTo(row.similarity, 6)),
    );
  });

  it('answers hostile texts with a page or a reason, never a failure', async () => {
    const vendor = await createUser(stack.a, { role: 'vendor', name: 'Odd Texts Farm' });
    await insertProduct(stack.a, vendor.id, { name: 'Crème Brûlée Jars', category: 'bakery' });
    const texts = [
      'a'.repeat(100),
      'ab '.repeat(33),
      `${'strawbery '.repeat(9)}x`,
      '!!! & | ( ) :* \' " \\ %_ <-> @@',
      "' OR 1=1; --",
      '豆腐 🍓🍓 crème brulee',
      'creme brulee',
      '\u202e\u200b\ufeff',
    ];
    for (const q of texts) {
      const { status, page } = await search(stack.a, q);
      expect(status, q).toBe(200);
      expect(Array.isArray(page.items), q).toBe(true);
    }
    expect((await search(stack.a, 'creme brulee')).page.items.map((p) => p.productName)).toContain('Crème Brûlée Jars');
    for (const refused of ['x'.repeat(101), 'café\u0000milk']) {
      const response = await stack.a.app.inject({ url: `/api/search?q=${encodeURIComponent(refused)}` });
      expect(response.statusCode, refused).toBe(400);
      expect(response.json().error.fields.q, refused).toBeTruthy();
    }
    const suggest = await stack.a.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent('🍓 crème brul')}` });
    expect(suggest.statusCode).toBe(200);
  });
});
