import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardProduct, ProductPage } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { shops } from '../shops/tables.ts';
import { searchIndexCaughtUp } from './search-index.ts';
import { CANDIDATES_PER_SOURCE } from './search-ranking.ts';
import { products } from './tables.ts';
import { insertProduct } from './test-products.ts';

const t = setupTestApp();
beforeAll(async () => {
  const orchard = await createUser(t, { role: 'vendor', name: 'Sunny Orchard' });
  const dairy = await createUser(t, { role: 'vendor', name: 'Meadow Dairy' });
  await insertProduct(t, orchard.id, { name: 'Heirloom Tomatoes', details: 'Juicy red tomatoes for salads.' });
  await insertProduct(t, orchard.id, { name: 'Cherry Tomato Mix', details: 'Sweet and small.' });
  await insertProduct(t, orchard.id, { name: 'Honeycrisp Apples', category: 'fruit', details: 'Crisp apples.' });
  await insertProduct(t, orchard.id, { name: 'Salsa Kit', details: 'Onions, peppers and tomatoes to chop.' });
  await insertProduct(t, dairy.id, { name: 'Aged Cheddar Cheese', category: 'milk', unit: 'liter' });
  await insertProduct(t, dairy.id, { name: 'Whole Milk', category: 'milk', unit: 'liter', details: 'Fresh.' });
  await insertProduct(t, orchard.id, {
    name: 'Expired Tomatoes',
    manufacturedOn: '2020-01-01',
    expiresOn: '2020-02-01',
  });
  // The server's search index hears of products through the change feed, a moment after their commit.
  await searchIndexCaughtUp(t.db);
});
const caughtUp = () => searchIndexCaughtUp(t.db);

async function search(q: string, extra = ''): Promise<ProductPage> {
  const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const names = (items: CardProduct[]) => items.map((p) => p.productName);

describe('GET /api/search', () => {
  it('ranks a name match above a details match and never offers expired products', async () => {
    const { items, total } = await search('tomatoes');
    expect(names(items).slice(0, 2).sort()).toEqual(['Cherry Tomato Mix', 'Heirloom Tomatoes']);
    expect(names(items)).toContain('Salsa Kit');
    expect(names(items)).not.toContain('Expired Tomatoes');
    expect(total).toBe(items.length);
    expect(await search('tomatoes')).not.toHaveProperty('totalCapped');
  });

  it('tolerates typos', async () => {
    expect(names((await search('tomatos')).items)[0]).toMatch(/Tomato/);
    expect(names((await search('chedar chese')).items)[0]).toBe('Aged Cheddar Cheese');
    expect(names((await search('honeycrsp')).items)[0]).toBe('Honeycrisp Apples');
  });

  it('finds products by shop name and by category label', async () => {
    expect(names((await search('Meadow Dairy')).items).sort()).toEqual(['Aged Cheddar Cheese', 'Whole Milk']);
    expect(names((await search('fresh fruit')).items)).toContain('Honeycrisp Apples');
  });

  it('answers nonsense and an empty text with an empty page', async () => {
    expect(await search('qqzxv')).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(await search('')).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(await search('!!! & |')).toMatchObject({ items: [] });
  });

  it('pages by relevance without overlap', async () => {
    const first = await search('tomatoes', '&limit=1');
    const second = await search('tomatoes', `&limit=1&cursor=${first.nextCursor}`);
    const third = await search('tomatoes', `&limit=1&cursor=${second.nextCursor}`);
    const all = [...first.items, ...second.items, ...third.items].map((p) => p._id);
    expect(new Set(all).size).toBe(3);
    expect(third.nextCursor).toBeNull();
  });

  it('sends one statement to PostgreSQL per search, shops ranked in it', async () => {
    type Query = (...args: unknown[]) => Promise<unknown>;
    const pool = (t.db as unknown as { $client: { query: Query } }).$client;
    const send = pool.query.bind(pool);
    const sent: unknown[] = [];
    pool.query = (...args) => {
      sent.push(args[0]);
      return send(...args);
    };
    try {
      // Texts no other test searches, so no cached page answers them. The first is ranked by the server's index
      // (its cards read in one statement, after one look-up of the stem of "chese", a word it had not seen); the
      // second names a shop, which the SQL ranks (decision 067), in one statement.
      expect(names((await search('meadow dairy chese')).items)[0]).toBe('Aged Cheddar Cheese');
      expect(names((await search('sunny orchard')).items)).toContain('Honeycrisp Apples');
      expect(sent).toHaveLength(3);
      expect(names((await search('meadow dairy chese', '&limit=5')).items)[0]).toBe('Aged Cheddar Cheese');
    } finally {
      pool.query = send;
    }
    expect(sent).toHaveLength(4);
  });

  it('GET /api/products?q= filters and sorts the matches by price', async () => {
    const response = await t.app.inject({ url: '/api/products?q=tomato&sort=price-desc' });
    const items: CardProduct[] = response.json().items;
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < items.length; i++)
      expect(items[i - 1].productPrice).toBeGreaterThanOrEqual(items[i].productPrice);
    expect((await t.app.inject({ url: '/api/products?sort=relevance' })).statusCode).toBe(400);
  });
});

describe('spelling dictionary and bounded candidates', () => {
  it('learns the words of new products, renamed products and renamed shops, so their typos are forgiven', async () => {
    const grower = await createUser(t, { role: 'vendor', name: 'Bramble Grove' });
    const id = await insertProduct(t, grower.id, { name: 'Quinoa Flakes', category: 'grains', details: 'Rolled.' });
    await caughtUp();
    expect(names((await search('quinao')).items)[0]).toBe('Quinoa Flakes');

    await t.db.update(products).set({ name: 'Kohlrabi Bunch' }).where(eq(products.id, id));
    await caughtUp();
    expect(names((await search('kohlrabbi')).items)[0]).toBe('Kohlrabi Bunch');

    await t.db.update(shops).set({ name: 'Thistledown Acres' }).where(eq(shops.vendorId, grower.id));
    const suggestions = (await t.app.inject({ url: '/api/search/suggest?q=thistledwn' })).json().suggestions;
    expect(suggestions).toContainEqual(expect.objectContaining({ kind: 'shop', label: 'Thistledown Acres' }));
  });

  it('puts the product holding every word first among many holding one, and ranks a bounded set', async () => {
    const bakery = await createUser(t, { role: 'vendor', name: 'Crumb Bakery' });
    for (let i = 0; i < CANDIDATES_PER_SOURCE + 20; i++) {
      await insertProduct(t, bakery.id, { name: `Oat Biscuits ${i}`, category: 'bakery', details: 'Baked daily.' });
    }
    await insertProduct(t, bakery.id, { name: 'Ginger Biscuits', category: 'bakery', details: 'Baked daily.' });
    await caughtUp();

    const typo = await search('gingr biscits');
    expect(names(typo.items)[0]).toBe('Ginger Biscuits');
    const first = await search('biscuits', '&limit=60');
    // More products hold the word than are ranked: the count says so ("100+"), as a capped listing count does.
    expect(first).toMatchObject({ total: CANDIDATES_PER_SOURCE, totalCapped: true });
    const rest = await search('biscuits', `&limit=60&cursor=${first.nextCursor}`);
    expect(rest.items).toHaveLength(CANDIDATES_PER_SOURCE - 60);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.items, ...rest.items].map((p) => p._id)).size).toBe(CANDIDATES_PER_SOURCE);
  });

  it('ranks the most popular of many products holding a word, and follows renames, popularity and unlisting', async () => {
    // A shop whose name is not like the word, so that its newest products are no candidates by its name.
    const bakery = await createUser(t, { role: 'vendor', name: 'Meridian Ovens' });
    for (let i = 0; i < CANDIDATES_PER_SOURCE + 20; i++) {
      await insertProduct(t, bakery.id, { name: `Rye Rusks ${i}`, category: 'bakery', details: 'Twice baked.' });
    }
    const late = await insertProduct(t, bakery.id, { name: 'Spelt Crackers', category: 'bakery', details: 'Thin.' });
    await caughtUp();
    // Each look with its own page size, so no page cached by an earlier look (the catalog's 1 s cache) answers it.
    let size = 100;
    const all = async () => {
      const limit = `&limit=${size--}`;
      const first = await search('rusks', limit);
      const rest = first.nextCursor ? await search('rusks', `${limit}&cursor=${first.nextCursor}`) : { items: [] };
      return { total: first.total, totalCapped: first.totalCapped, names: names([...first.items, ...rest.items]) };
    };
    expect((await all()).names).not.toContain('Spelt Rusks');

    await t.db.update(products).set({ name: 'Spelt Rusks', popularity: 50 }).where(eq(products.id, late));
    await caughtUp();
    const popular = await all();
    expect(popular).toMatchObject({ total: CANDIDATES_PER_SOURCE, totalCapped: true, names: expect.any(Array) });
    expect(popular.names).toContain('Spelt Rusks');

    await t.db.update(products).set({ listed: false }).where(eq(products.id, late));
    await caughtUp();
    expect((await all()).names).not.toContain('Spelt Rusks');
    await t.db.update(products).set({ listed: true, popularity: 0 }).where(eq(products.id, late));
    await t.db.update(products).set({ popularity: 60 }).where(eq(products.id, late));
    await caughtUp();
    expect((await all()).names).toContain('Spelt Rusks');
  });
});

describe('GET /api/search/suggest', () => {
  it('suggests products, shops and categories while typing, typos included', async () => {
    const response = await t.app.inject({ url: '/api/search/suggest?q=tom' });
    const { suggestions } = response.json();
    expect(
      suggestions.filter((s: { kind: string }) => s.kind === 'product').map((s: { label: string }) => s.label),
    ).toEqual(expect.arrayContaining(['Heirloom Tomatoes', 'Cherry Tomato Mix']));
    const shops = (await t.app.inject({ url: '/api/search/suggest?q=sunny' })).json().suggestions;
    expect(shops).toContainEqual(expect.objectContaining({ kind: 'shop', label: "Sunny Orchard's Farm" }));
    const category = (await t.app.inject({ url: '/api/search/suggest?q=vegetabels' })).json().suggestions;
    expect(category).toContainEqual({ kind: 'category', id: 'vegetable', label: 'Vegetables', detail: null });
    const typo = (await t.app.inject({ url: '/api/search/suggest?q=heirlom' })).json().suggestions;
    expect(typo).toContainEqual(
      expect.objectContaining({ kind: 'product', label: 'Heirloom Tomatoes', detail: "Sunny Orchard's Farm" }),
    );
    expect((await t.app.inject({ url: '/api/search/suggest?q=t' })).json()).toEqual({ suggestions: [] });
  });
});
