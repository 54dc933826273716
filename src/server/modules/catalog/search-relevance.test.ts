import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '#contract/products.ts';
import type { Shop } from '#contract/shops.ts';
import { seedDemoCatalog } from '../../db/seed/index.ts';
import { setupTestApp } from '../../test/app.ts';
import { searchIndexCaughtUp } from './search-index.ts';

/**
 * Search relevance over the demo catalogue (src/server/db/seed): what a shopper types, and what must come first.
 * `search` is the results page (GET /api/search), `suggest` the search box's list as they type (its first
 * product, shop or category suggestion, as `kind` says), `shops` the shop list's search (GET /api/shops?q=).
 * `also` names what must appear further down, `absent` what must not appear anywhere in the answer.
 */
type Row = {
  q: string;
  endpoint: 'search' | 'suggest' | 'shops';
  /** For suggestions: the kind of the first suggestion that must be `top`. */
  kind?: 'product' | 'shop' | 'category';
  top: string;
  also?: string[];
  absent?: string[];
};

const TABLE: Row[] = [
  // The four of issue 14.
  { q: 'bakry', endpoint: 'shops', top: 'Hearth & Grain Bakery' },
  { q: 'cheese', endpoint: 'search', top: 'Farmhouse Cheese Milk', also: ['Grass-Fed Cheeseburger'] },
  { q: 'strawbery', endpoint: 'search', top: 'Hood Strawberries' },
  { q: 'fruit', endpoint: 'suggest', kind: 'category', top: 'Fresh Fruit', absent: ['Fresno Chili Peppers'] },
  // Exact names, plurals and singulars.
  { q: 'Honeycrisp Apples', endpoint: 'search', top: 'Honeycrisp Apples' },
  { q: 'croissant', endpoint: 'search', top: 'Butter Croissants' },
  { q: 'tomato', endpoint: 'search', top: 'Heirloom Tomatoes' },
  { q: 'mango', endpoint: 'search', top: 'Ataulfo Mangoes' },
  { q: 'oysters', endpoint: 'search', top: 'Kumamoto Oysters (dozen)' },
  { q: 'eggs', endpoint: 'search', top: 'Pasture-Raised Eggs' },
  // Compound words.
  { q: 'burger', endpoint: 'search', top: 'Grass-Fed Cheeseburger' },
  {
    q: 'berries',
    endpoint: 'search',
    top: 'Heritage Wheat Berries',
    also: ['Highbush Blueberries', 'Hood Strawberries'],
  },
  { q: 'buttermilk', endpoint: 'search', top: 'Cultured Buttermilk', also: ['Buttermilk Waffles'] },
  // Typos.
  { q: 'cofee', endpoint: 'search', top: 'Cold Brew Coffee' },
  { q: 'blueberies', endpoint: 'search', top: 'Highbush Blueberries' },
  { q: 'sourdogh', endpoint: 'search', top: 'Country Sourdough Loaf' },
  { q: 'watermelon seedles', endpoint: 'search', top: 'Seedless Watermelon' },
  { q: 'lemonad', endpoint: 'search', top: 'Fresh Squeezed Lemonade' },
  { q: 'strawbery', endpoint: 'suggest', kind: 'product', top: 'Hood Strawberries' },
  { q: 'hearth grian', endpoint: 'shops', top: 'Hearth & Grain Bakery' },
  { q: 'confectionary', endpoint: 'shops', top: 'Sweet Clover Confectionery' },
  // Prefixes, as typed in the search box.
  { q: 'croiss', endpoint: 'suggest', kind: 'product', top: 'Butter Croissants' },
  { q: 'waterm', endpoint: 'suggest', kind: 'product', top: 'Seedless Watermelon' },
  { q: 'cheese', endpoint: 'suggest', kind: 'product', top: 'Grass-Fed Cheeseburger', also: ['Farmhouse Cheese Milk'] },
  { q: 'meadow', endpoint: 'suggest', kind: 'shop', top: 'Meadow Creek Dairy' },
  // Categories.
  { q: 'vegetables', endpoint: 'suggest', kind: 'category', top: 'Vegetables' },
  { q: 'beverages', endpoint: 'suggest', kind: 'category', top: 'Beverage' },
  { q: 'dairy', endpoint: 'suggest', kind: 'category', top: 'Milks and Dairies' },
  { q: 'bakry', endpoint: 'suggest', kind: 'category', top: 'Bakery' },
  {
    q: 'bakry',
    endpoint: 'search',
    top: 'Stone-Baked Flatbread',
    also: ['Country Sourdough Loaf', 'Butter Croissants'],
  },
  { q: 'fruit', endpoint: 'search', top: 'Freestone Peaches', absent: ['Fresno Chili Peppers'] },
  // Shop names.
  { q: 'Old Mill', endpoint: 'shops', top: 'Old Mill Grains' },
  { q: 'butchery', endpoint: 'shops', top: 'Riverbend Butchery & Fish' },
  { q: 'snack shack', endpoint: 'shops', top: 'The Corner Snack Shack' },
  { q: 'wenatchee', endpoint: 'shops', top: 'Sunrise Orchard' },
  // Two words, another case, accents.
  { q: 'green tea', endpoint: 'search', top: 'Sencha Green Tea' },
  { q: 'apple juice', endpoint: 'search', top: 'Pressed Apple Juice' },
  { q: 'smoked bacon', endpoint: 'search', top: 'Applewood Smoked Bacon' },
  { q: 'SALMON FILLET', endpoint: 'search', top: 'Wild Coho Salmon Fillet' },
  { q: 'Red Onions', endpoint: 'search', top: 'Red Onions' },
  { q: 'sauté spinach', endpoint: 'search', top: 'Baby Spinach' },
];

const t = setupTestApp();
beforeAll(async () => {
  await seedDemoCatalog(t.db, t.app.storage);
  // The search index follows the catalog's change feed: let it take in the whole seed before the first search.
  await searchIndexCaughtUp(t.db);
}, 60_000);

async function get<T>(url: string, q: string): Promise<T> {
  const response = await t.app.inject({ url: `${url}?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every name in the answer, best first (for suggestions, those of the row's kind first, then the rest). */
async function answer(row: Row): Promise<{ ranked: string[]; all: string[] }> {
  if (row.endpoint === 'shops') {
    const shops = await get<Shop[]>('/api/shops', row.q);
    return { ranked: shops.map((s) => s.shop), all: shops.map((s) => s.shop) };
  }
  if (row.endpoint === 'search') {
    const page = await get<ProductPage>('/api/search', row.q);
    return { ranked: page.items.map((p) => p.productName), all: page.items.map((p) => p.productName) };
  }
  const { suggestions } = await get<{ suggestions: { kind: string; label: string }[] }>('/api/search/suggest', row.q);
  return {
    ranked: suggestions.filter((s) => s.kind === row.kind).map((s) => s.label),
    all: suggestions.map((s) => s.label),
  };
}

describe('search relevance over the demo catalogue', () => {
  it.each(TABLE)('$endpoint "$q" → $top', async (row) => {
    const { ranked, all } = await answer(row);
    expect(ranked[0], JSON.stringify(all)).toBe(row.top);
    for (const name of row.also ?? []) expect(all).toContain(name);
    for (const name of row.absent ?? []) expect(all).not.toContain(name);
  });
});
