import { beforeAll, describe, expect, it } from 'vitest';
import { ALLERGENS, type Allergen, LABELS, type Label, maskOf } from '#contract/food-facts.ts';
import type { ProductFacets, ProductPage } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { setupUser } from '../../test/users.ts';
import { insertProduct, statementsDuring } from './test-products.ts';

const t = setupTestApp();
const farm = setupUser(t, { role: 'vendor', name: 'Greenfield' });
const dairy = setupUser(t, { role: 'vendor', name: 'Creamery' });

/** A seeded catalog whose every count is known: 5 dairy shelf products, 3 vegetables, 1 expired, 1 deleted. */
const CATALOG: {
  shop: 'farm' | 'dairy';
  name: string;
  category: string;
  cents: number;
  labels: Label[];
  allergens: Allergen[];
}[] = [
  {
    shop: 'dairy',
    name: 'Whole Milk',
    category: 'milk',
    cents: 150,
    labels: ['vegetarian', 'gluten-free'],
    allergens: ['milk'],
  },
  {
    shop: 'dairy',
    name: 'Lactose-Free Milk',
    category: 'milk',
    cents: 250,
    labels: ['vegetarian', 'gluten-free', 'lactose-free'],
    allergens: ['milk'],
  },
  {
    shop: 'dairy',
    name: 'Oat Drink',
    category: 'milk',
    cents: 300,
    labels: ['vegan', 'vegetarian'],
    allergens: ['cereals containing gluten'],
  },
  {
    shop: 'dairy',
    name: 'Almond Drink',
    category: 'milk',
    cents: 350,
    labels: ['organic', 'vegan', 'vegetarian', 'gluten-free', 'lactose-free'],
    allergens: ['tree nuts'],
  },
  {
    shop: 'dairy',
    name: 'Aged Cheddar',
    category: 'milk',
    cents: 800,
    labels: ['vegetarian', 'gluten-free'],
    allergens: ['milk'],
  },
  {
    shop: 'farm',
    name: 'Carrots',
    category: 'vegetable',
    cents: 200,
    labels: ['organic', 'vegan', 'vegetarian'],
    allergens: [],
  },
  { shop: 'farm', name: 'Spinach', category: 'vegetable', cents: 275, labels: ['vegan', 'vegetarian'], allergens: [] },
  {
    shop: 'farm',
    name: 'Celery Sticks',
    category: 'vegetable',
    cents: 400,
    labels: ['organic', 'vegan', 'vegetarian'],
    allergens: ['celery'],
  },
];

beforeAll(async () => {
  for (const [i, p] of CATALOG.entries()) {
    await insertProduct(t, p.shop === 'farm' ? farm.id : dairy.id, {
      name: p.name,
      category: p.category,
      unit: p.category === 'milk' ? 'liter' : 'kg',
      productionCostCents: p.cents,
      profitMarginBp: 0,
      priceCents: p.cents,
      popularity: 100 - i,
      labels: maskOf(LABELS, p.labels),
      allergens: maskOf(ALLERGENS, p.allergens),
    });
  }
  // Neither counts anywhere.
  const vegan = maskOf(LABELS, ['vegan', 'vegetarian']);
  await insertProduct(t, dairy.id, {
    name: 'Old Oat Drink',
    category: 'milk',
    labels: vegan,
    expiresOn: '2020-02-01',
    manufacturedOn: '2020-01-01',
  });
  await insertProduct(t, dairy.id, { name: 'Deleted Soy Drink', category: 'milk', labels: vegan, listed: false });
});

async function page(url: string): Promise<ProductPage> {
  const response = await t.app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (p: ProductPage) => p.items.map((i) => i.productName);
/** The counts of a facet as {name: count}, only those given. */
const counts = (list: { value: string; count: number }[], only: string[]) =>
  Object.fromEntries(list.filter((o) => only.includes(o.value)).map((o) => [o.value, o.count]));

describe('GET /api/products with labels, freeFrom and a price range', () => {
  it("counts a category's options: each label and each allergen it is free from, and its price range", async () => {
    const milk = await page('/api/products?category=milk');
    expect(milk.total).toBe(5);
    const facets = milk.facets as ProductFacets;
    expect(counts(facets.labels, [...LABELS])).toEqual({
      organic: 1,
      vegan: 2,
      vegetarian: 5,
      'gluten-free': 4,
      'lactose-free': 2,
    });
    expect(counts(facets.freeFrom, ['milk', 'tree nuts', 'cereals containing gluten', 'celery', 'peanuts'])).toEqual({
      milk: 2,
      'tree nuts': 4,
      'cereals containing gluten': 4,
      celery: 5,
      peanuts: 5,
    });
    expect(facets.labels.map((o) => o.value)).toEqual([...LABELS]);
    expect(facets.freeFrom.map((o) => o.value)).toEqual([...ALLERGENS]);
    expect(facets.price).toEqual({ min: 1.5, max: 8 });
  });

  it('a label keeps only the products with it, and the counts become those among them', async () => {
    const vegan = await page('/api/products?category=milk&labels=vegan');
    expect(names(vegan)).toEqual(['Oat Drink', 'Almond Drink']);
    expect(vegan.total).toBe(2);
    expect(vegan.items.every((p) => p.labels.includes('vegan'))).toBe(true);
    const facets = vegan.facets as ProductFacets;
    expect(counts(facets.labels, [...LABELS])).toEqual({
      organic: 1,
      vegan: 2,
      vegetarian: 2,
      'gluten-free': 1,
      'lactose-free': 1,
    });
    expect(counts(facets.freeFrom, ['milk', 'tree nuts', 'cereals containing gluten'])).toEqual({
      milk: 2,
      'tree nuts': 1,
      'cereals containing gluten': 1,
    });
    expect(facets.price).toEqual({ min: 3, max: 3.5 });
  });

  it('every label given must be there and every allergen given absent', async () => {
    expect(names(await page('/api/products?category=milk&labels=gluten-free,lactose-free'))).toEqual([
      'Lactose-Free Milk',
      'Almond Drink',
    ]);
    expect(names(await page('/api/products?category=milk&freeFrom=milk'))).toEqual(['Oat Drink', 'Almond Drink']);
    const both = await page('/api/products?category=milk&labels=vegan&freeFrom=milk,tree%20nuts');
    expect(names(both)).toEqual(['Oat Drink']);
    expect(counts((both.facets as ProductFacets).labels, ['vegan', 'organic'])).toEqual({ vegan: 1, organic: 0 });
  });

  it('the price range filters the listed price; the price facet ignores it and the counts honour it', async () => {
    const mid = await page('/api/products?category=milk&minPrice=2&maxPrice=3.5&sort=price-asc');
    expect(names(mid)).toEqual(['Lactose-Free Milk', 'Oat Drink', 'Almond Drink']);
    expect(mid.total).toBe(3);
    const facets = mid.facets as ProductFacets;
    expect(facets.price).toEqual({ min: 1.5, max: 8 });
    expect(counts(facets.labels, ['vegan', 'lactose-free', 'vegetarian'])).toEqual({
      vegan: 2,
      'lactose-free': 2,
      vegetarian: 3,
    });
    expect(names(await page('/api/products?category=milk&maxPrice=1.5'))).toEqual(['Whole Milk']);
    expect(names(await page('/api/products?category=milk&minPrice=8'))).toEqual(['Aged Cheddar']);
  });

  it('a filter that leaves nothing still answers the counts (all zero) and the price range to come back to', async () => {
    const none = await page('/api/products?category=milk&minPrice=50');
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
    const facets = none.facets as ProductFacets;
    expect([...facets.labels, ...facets.freeFrom].every((o) => o.count === 0)).toBe(true);
    expect(facets.price).toEqual({ min: 1.5, max: 8 });
    const veganCheese = await page(
      '/api/products?category=milk&labels=vegan&freeFrom=tree%20nuts,cereals%20containing%20gluten',
    );
    expect(veganCheese.items).toEqual([]);
    expect(veganCheese.facets?.price).toBeNull();
  });

  it("counts a shop's page and a search's too", async () => {
    const shop = await page(`/api/products?shop=${dairy.id}&freeFrom=milk`);
    expect(names(shop)).toEqual(['Oat Drink', 'Almond Drink']);
    expect(counts((shop.facets as ProductFacets).labels, ['organic', 'vegan'])).toEqual({ organic: 1, vegan: 2 });
    const farmShop = await page(`/api/products?shop=${farm.id}`);
    expect(counts((farmShop.facets as ProductFacets).freeFrom, ['celery'])).toEqual({ celery: 2 });

    const search = await page('/api/products?q=drink&labels=organic');
    expect(names(search)).toEqual(['Almond Drink']);
    expect(counts((search.facets as ProductFacets).labels, ['organic', 'vegan'])).toEqual({ organic: 1, vegan: 1 });
    const priced = await page('/api/products?q=drink&maxPrice=3&sort=price-asc');
    expect(names(priced)).toEqual(['Oat Drink']);
    expect(priced.facets?.price).toEqual({ min: 3, max: 3.5 });
  });

  it('the whole catalog filters without counts (facets null): counting it would walk every product', async () => {
    const vegan = await page('/api/products?labels=vegan&sort=price-asc');
    expect(names(vegan)).toEqual(['Carrots', 'Spinach', 'Oat Drink', 'Almond Drink', 'Celery Sticks']);
    expect(vegan.total).toBe(5);
    expect(vegan.facets).toBeNull();
  });

  it('pages continue by cursor with the filters, counting only on the first page', async () => {
    const seen: string[] = [];
    let next: ProductPage = await page('/api/products?category=milk&labels=vegetarian&freeFrom=tree%20nuts&limit=2');
    expect(next.facets).not.toBeNull();
    seen.push(...names(next));
    while (next.nextCursor) {
      next = await page(
        `/api/products?category=milk&labels=vegetarian&freeFrom=tree%20nuts&limit=2&cursor=${next.nextCursor}`,
      );
      expect(next.facets).toBeNull();
      expect(next.total).toBeNull();
      seen.push(...names(next));
    }
    expect(seen).toEqual(['Whole Milk', 'Lactose-Free Milk', 'Oat Drink', 'Aged Cheddar']);
  });

  it('the page, its count and its facets are one statement', async () => {
    const statements = await statementsDuring(t, async () => {
      await page('/api/products?category=vegetable&labels=organic&freeFrom=celery&minPrice=1&maxPrice=9');
    });
    expect(statements).toHaveLength(1);
  });

  it('names and spaces are forgiving, repeated names count once', async () => {
    const loose = await page('/api/products?category=milk&labels=%20Vegan%20,vegan,&freeFrom=MILK');
    expect(names(loose)).toEqual(['Oat Drink', 'Almond Drink']);
    expect(names(await page('/api/products?category=milk&labels=&freeFrom='))).toHaveLength(5);
  });

  it.each([
    [
      'labels=halal',
      'labels',
      'Unknown label: halal. Use some of: organic, vegan, vegetarian, gluten-free, lactose-free',
    ],
    ['freeFrom=nuts', 'freeFrom', 'Unknown allergen: nuts'],
    ['minPrice=-1', 'minPrice', 'Cannot be negative'],
    ['maxPrice=abc', 'maxPrice', 'Enter a price in dollars'],
    ['minPrice=5&maxPrice=2', 'minPrice', 'The lowest price cannot be above the highest'],
    ['maxPrice=1000000', 'maxPrice', 'At most $100,000'],
    [`labels=${'vegan,'.repeat(100)}`, 'labels', 'Unknown label'],
  ])('refuses %s with a message on its field', async (query, field, message) => {
    const response = await t.app.inject({ url: `/api/products?category=milk&${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toContain(message);
  });
});

describe('food facts on a product', () => {
  const vendor = setupUser(t, { role: 'vendor' });
  const sourdough = {
    productName: 'Sourdough Loaf',
    productDetails: 'Slow-fermented for 24 hours.',
    productCategory: 'bakery',
    productQuantity: 12,
    productionCost: 4,
    profitMargin: 25,
    productManufacturingDate: dayFromToday(0),
    productExpireDate: dayFromToday(4),
    productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
    allergens: ['sesame', 'cereals containing gluten'],
    labels: ['vegan', 'organic'],
    ingredients: 'Organic wheat flour, water, sea salt, sesame seeds',
  };
  const add = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/products', headers: vendor.auth, payload });

  it('the vendor sets allergens, labels and ingredients; every read shows them in the fixed order', async () => {
    const created = await add(sourdough);
    expect(created.statusCode, created.body).toBe(201);
    const { product } = created.json();
    // Vegan is vegetarian too.
    expect(product).toMatchObject({
      allergens: ['cereals containing gluten', 'sesame'],
      labels: ['organic', 'vegan', 'vegetarian'],
      ingredients: 'Organic wheat flour, water, sea salt, sesame seeds',
    });
    const read = await t.app.inject({ url: `/api/singleProduct/${product._id}` });
    expect(read.json()).toMatchObject({ allergens: product.allergens, labels: product.labels });
    const listed = await page('/api/products?category=bakery&freeFrom=milk&labels=vegan');
    expect(listed.items.map((p) => p._id)).toContain(product._id);
    expect((await page('/api/products?category=bakery&freeFrom=sesame')).items).toEqual([]);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: vendor.auth,
      payload: {
        ...sourdough,
        allergens: ['cereals containing gluten'],
        labels: [],
        ingredients: 'Wheat flour, water',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      allergens: ['cereals containing gluten'],
      labels: [],
      ingredients: 'Wheat flour, water',
    });
  });

  it('a product added without facts has none, and an edit that leaves them out keeps them', async () => {
    const { allergens: _a, labels: _l, ingredients: _i, ...plain } = sourdough;
    const created = await add({ ...plain, productName: 'Plain Loaf' });
    expect(created.json().product).toMatchObject({ allergens: [], labels: [], ingredients: '' });
    const withFacts = (await add({ ...sourdough, productName: 'Seeded Loaf' })).json().product;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${withFacts._id}`,
      headers: vendor.auth,
      payload: { ...plain, productName: 'Seeded Loaf' },
    });
    expect(edit.json()).toMatchObject({ allergens: withFacts.allergens, labels: withFacts.labels });
  });

  it('refuses unknown names and labels their allergens contradict, on the field', async () => {
    const unknown = await add({ ...sourdough, allergens: ['nuts'], labels: ['halal'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.allergens).toContain('Allergens are among');
    expect(unknown.json().error.fields.labels).toContain('Labels are among');
    const veganMilk = await add({ ...sourdough, allergens: ['milk'], labels: ['vegan'] });
    expect(veganMilk.statusCode).toBe(400);
    expect(veganMilk.json().error.fields.labels).toBe('A vegan product cannot contain milk');
    const glutenFree = await add({ ...sourdough, labels: ['gluten-free'] });
    expect(glutenFree.json().error.fields.labels).toBe(
      'A gluten-free product cannot contain cereals containing gluten',
    );
    const long = await add({ ...sourdough, ingredients: 'x'.repeat(2001) });
    expect(long.json().error.fields.ingredients).toBe('At most 2000 characters');
    const notList = await add({ ...sourdough, allergens: 'milk' });
    expect(notList.json().error.fields.allergens).toBe('Allergens are a list');
  });

  it('an edit sending only labels is checked against the allergens kept', async () => {
    const loaf = (await add({ ...sourdough, productName: 'Milk Loaf', labels: [], allergens: ['milk'] })).json()
      .product;
    const { allergens: _a, ...withoutAllergens } = sourdough;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${loaf._id}`,
      headers: vendor.auth,
      payload: { ...withoutAllergens, productName: 'Milk Loaf', labels: ['vegan'] },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields.labels).toBe('A vegan product cannot contain milk');
  });
});
