import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CardProduct, LISTING_COUNT_CAP, type ProductPage } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createUser, setupUser } from '../../test/users.ts';
import { searchIndexCaughtUp } from './search-index.ts';
import { insertProduct, statementsDuring } from './test-products.ts';

const t = setupTestApp();
const farm = setupUser(t, { role: 'vendor', name: 'Greenfield' });
const dairy = setupUser(t, { role: 'vendor', name: 'Creamery' });
beforeAll(async () => {
  // 23 vegetables with repeated prices and popularity (ties), 4 milk products, 1 expired, 1 unlisted.
  for (let i = 0; i < 23; i++) {
    await insertProduct(t, farm.id, {
      name: `Vegetable ${i}`,
      productionCostCents: 100 * (i % 5) + 100,
      profitMarginBp: 0,
      priceCents: 100 * (i % 5) + 100,
      popularity: i % 3,
    });
  }
  for (let i = 0; i < 4; i++) {
    await insertProduct(t, dairy.id, { name: `Milk ${i}`, category: 'milk', unit: 'liter', popularity: 10 + i });
  }
  await insertProduct(t, farm.id, { name: 'Old Carrots', manufacturedOn: '2020-01-01', expiresOn: '2020-02-01' });
  await insertProduct(t, farm.id, { name: 'Deleted Beets', listed: false });
});

async function page(url: string): Promise<ProductPage> {
  const response = await t.app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Walks every page of a listing through its cursors. */
async function walk(base: string, limit: number): Promise<{ items: CardProduct[]; pages: number; first: ProductPage }> {
  const sep = base.includes('?') ? '&' : '?';
  const first = await page(`${base}${sep}limit=${limit}`);
  const items = [...first.items];
  let cursor = first.nextCursor;
  let pages = 1;
  while (cursor) {
    const next = await page(`${base}${sep}limit=${limit}&cursor=${cursor}`);
    expect(next.total).toBeNull();
    items.push(...next.items);
    cursor = next.nextCursor;
    pages += 1;
  }
  return { items, pages, first };
}

describe('GET /api/products (keyset pages)', () => {
  it.each([
    ['price-asc', (a: CardProduct, b: CardProduct) => a.productPrice - b.productPrice],
    ['price-desc', (a: CardProduct, b: CardProduct) => b.productPrice - a.productPrice],
    ['popular', (a: CardProduct, b: CardProduct) => b.popularity - a.popularity],
    ['newest', (a: CardProduct, b: CardProduct) => Date.parse(b.createdAt) - Date.parse(a.createdAt)],
  ] as const)('sort=%s: pages never overlap, cover every product once and keep the order', async (sort, compare) => {
    const { items, pages, first } = await walk(`/api/products?category=vegetable&sort=${sort}`, 5);
    expect(first.total).toBe(23);
    expect(pages).toBe(5);
    const ids = items.map((p) => p._id);
    expect(new Set(ids).size).toBe(23);
    for (let i = 1; i < items.length; i++) expect(compare(items[i - 1], items[i])).toBeLessThanOrEqual(0);
  });

  it('never lists expired or deleted products', async () => {
    const { items } = await walk('/api/products', 50);
    const names = items.map((p) => p.productName);
    expect(names).toHaveLength(27);
    expect(names).not.toContain('Old Carrots');
    expect(names).not.toContain('Deleted Beets');
  });

  it('filters by shop, joining the shop name without extra queries', async () => {
    const { items } = await page(`/api/products?shop=${dairy.id}&sort=price-asc`);
    expect(items).toHaveLength(4);
    expect(items.every((p) => p.shopName === "Creamery's Farm" && p.shopId === dairy.id)).toBe(true);
  });

  it('rejects a cursor from another sort or a forged one with a 400', async () => {
    const first = await page('/api/products?category=vegetable&sort=price-asc&limit=5');
    const wrongSort = await t.app.inject({ url: `/api/products?sort=popular&cursor=${first.nextCursor}` });
    expect(wrongSort.statusCode).toBe(400);
    expect(wrongSort.json().error.fields.cursor).toContain('not valid');
    const forged = await t.app.inject({ url: '/api/products?cursor=bm90LWpzb24' });
    expect(forged.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/products?category=nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/products?limit=1000' })).statusCode).toBe(400);
  });
});

/** GETs `url`, expects 200 and answers the JSON body. */
async function okJson(url: string) {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe("the spec's list calls", () => {
  it('/allProducts answers an array with the spec fields but the vendor-only ones (decision 050)', async () => {
    const items = await okJson('/api/allProducts');
    expect(items).toHaveLength(27);
    for (const vendorOnly of ['email', 'productionCost', 'profitMargin'])
      expect(items[0]).not.toHaveProperty(vendorOnly);
    expect(Object.keys(items[0])).toEqual(
      expect.arrayContaining([
        '_id',
        'productName',
        'productImage',
        'productCategory',
        'productDetails',
        'productQuantity',
        'productPrice',
        'productManufacturingDate',
        'productExpireDate',
        'createdAt',
        'shopAddress',
        'shopImage',
        'shopName',
        'popularity',
      ]),
    );
  });

  it('the six category calls answer their category, productCategory wins, pages continue in x-next-cursor', async () => {
    const milk = await t.app.inject({ url: '/api/milkProduct' });
    expect(milk.json().map((p: CardProduct) => p.productCategory)).toEqual(['milk', 'milk', 'milk', 'milk']);
    expect(milk.headers['x-total-count']).toBe('4');
    const veg = await t.app.inject({ url: '/api/vegetablesProduct?productCategory=vegetable&limit=20' });
    expect(veg.json()).toHaveLength(20);
    const rest = await t.app.inject({ url: `/api/vegetablesProduct?limit=20&cursor=${veg.headers['x-next-cursor']}` });
    expect(rest.json()).toHaveLength(3);
    for (const path of ['fruitsProduct', 'beveragesProduct', 'sweetProduct', 'snackProduct']) {
      expect(await okJson(`/api/${path}`)).toEqual([]);
    }
  });

  it('popular products: up to the limit, most popular first, optionally by category', async () => {
    const all = await t.app.inject({ url: '/api/products/popular' });
    const items: CardProduct[] = all.json();
    expect(items).toHaveLength(10);
    expect(items.slice(0, 4).map((p) => p.productName)).toEqual(['Milk 3', 'Milk 2', 'Milk 1', 'Milk 0']);
    const veg: CardProduct[] = (await t.app.inject({ url: '/api/products/popular?category=vegetable&limit=3' })).json();
    expect(veg.map((p) => [p.productCategory, p.popularity])).toEqual([
      ['vegetable', 2],
      ['vegetable', 2],
      ['vegetable', 2],
    ]);
  });
});

describe('GET /api/deals', () => {
  it('answers three offered products with a real end 15 days away, the same ones on the next call', async () => {
    const deals = await okJson('/api/deals');
    expect(deals).toHaveLength(3);
    for (const deal of deals) {
      const seconds = (Date.parse(deal.endsAt) - Date.now()) / 1000;
      expect(seconds).toBeGreaterThan(1_296_000 - 60);
      expect(seconds).toBeLessThanOrEqual(1_296_000);
    }
    const again = (await t.app.inject({ url: '/api/deals' })).json();
    expect(again.map((d: CardProduct) => d._id)).toEqual(deals.map((d: CardProduct) => d._id));
  });
});

describe('shops', () => {
  it('GET /api/shops lists vendors and filters by name; GET /api/singleShop/:id answers one', async () => {
    const all = (await t.app.inject({ url: '/api/shops' })).json();
    expect(all.map((s: { shop: string }) => s.shop)).toEqual(["Creamery's Farm", "Greenfield's Farm"]);
    expect(all[1]).toMatchObject({ sinceYear: 2015, phone: '+1 555 000 1111', productCount: 23 });
    const filtered = (await t.app.inject({ url: '/api/shops?q=cream' })).json();
    expect(filtered.map((s: { shop: string }) => s.shop)).toEqual(["Creamery's Farm"]);
    const typo = (await t.app.inject({ url: '/api/shops?q=Greenfeld' })).json();
    expect(typo.map((s: { shop: string }) => s.shop)).toEqual(["Greenfield's Farm"]);
    const one = await t.app.inject({ url: `/api/singleShop/${dairy.id}` });
    expect(one.json()).toMatchObject({ _id: dairy.id, shop: "Creamery's Farm" });
    expect(one.json()).not.toHaveProperty('email');
    const customer = await createUser(t);
    expect((await t.app.inject({ url: `/api/singleShop/${customer.id}` })).statusCode).toBe(404);
  });
});

describe('the micro-cache of listings: only the server decides what is cached', () => {
  // A minute-long cache makes a stale page unmistakable; the same reads on an app with CATALOG_CACHE_MS=0.
  const cached = setupTestApp({ CATALOG_CACHE_MS: '60000' });
  const uncached = setupTestApp({ CATALOG_CACHE_MS: '0' });
  const seller = setupUser(cached, { role: 'vendor' });
  const sellerToo = setupUser(uncached, { role: 'vendor' });
  const total = async (app: typeof t, url: string, headers: Record<string, string> = {}) => {
    const response = await app.app.inject({ url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().total;
  };
  const noCache = { 'cache-control': 'no-cache', pragma: 'no-cache' };

  it("answers a client's Cache-Control: no-cache from the cache, and is cleared by product writes", async () => {
    const url = '/api/products?category=fruit';
    const search = '/api/search?q=plum';
    expect(await total(cached, url)).toBe(0);
    expect(await total(cached, search)).toBe(0);
    await insertProduct(cached, seller.id, { name: 'Quiet Plum', category: 'fruit' }); // behind the app's back
    expect(await total(cached, url, noCache)).toBe(0);
    expect(await total(cached, search, noCache)).toBe(0);
    const premium = await createUser(cached, { role: 'vendor', membership: 'premium' });
    const created = await cached.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: premium.auth,
      payload: {
        productName: 'Loud Plum',
        productDetails: 'Plums.',
        productCategory: 'fruit',
        productQuantity: 3,
        productionCost: 1,
        profitMargin: 10,
        productManufacturingDate: '2026-01-01',
        productExpireDate: dayFromToday(365),
        productImage: '/uploads/33333333-3333-4333-8333-333333333333.webp',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await total(cached, url)).toBe(2);
  });

  it('sends a cached page compressed as each client accepts it, with one ETag and a 304 for it', async () => {
    for (let n = 0; n < 12; n++) await insertProduct(cached, seller.id, { name: `Crisp Pear ${n}`, category: 'fruit' });
    const url = '/api/products?category=fruit&sort=price-asc';
    const as = (encoding?: string) =>
      cached.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await as();
    const page = plain.json() as ProductPage;
    expect(page.items.length).toBeGreaterThan(10);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const browser = await as('gzip, deflate, br, zstd');
    const br = await as('br');
    const gzip = await as('gzip;q=1, br;q=0');
    expect(browser.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [browser, br, gzip]) expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString())).toEqual(page);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(page);
    // The compressed bytes are made once and sent again as they are.
    expect(br.rawPayload.equals(browser.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const tags = new Set([plain, browser, br, gzip].map((answer) => answer.headers.etag));
    expect(tags.size).toBe(1);
    const again = await cached.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A 304 describes no body: it names no encoding, but tells caches what the answer varies by (RFC 9110 15.4.5).
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(String(again.headers.vary)).toMatch(/accept-encoding/i);
    expect(again.headers.etag).toBe(plain.headers.etag);
    // A client holding several versions names them all; a weak comparison matches a W/ tag.
    const tag = String(plain.headers.etag);
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    for (const held of [`"older", ${tag}`, tag.slice(2), '*']) {
      const revalidated = await cached.app.inject({
        url,
        headers: { 'accept-encoding': 'gzip', 'if-none-match': held },
      });
      expect(revalidated.statusCode, held).toBe(304);
      expect(revalidated.headers['content-encoding'], held).toBeUndefined();
    }
  });

  it('with CATALOG_CACHE_MS=0 sends every read to the database', async () => {
    const url = '/api/products?category=fruit';
    expect(await total(uncached, url)).toBe(0);
    await insertProduct(uncached, sellerToo.id, { name: 'Quiet Plum', category: 'fruit' });
    expect(await total(uncached, url)).toBe(1);
    // A search is ranked by the server's index, which hears of the product through the change feed.
    await searchIndexCaughtUp(uncached.db);
    expect(await total(uncached, '/api/search?q=plum')).toBe(1);
  });
});

describe("the first page's count ('We found N items')", () => {
  const fresh = setupTestApp({ CATALOG_CACHE_MS: '0' });
  const big = setupUser(fresh, { role: 'vendor' });
  const small = setupUser(fresh, { role: 'vendor' });
  /** `n` offered grains of `vendorId`, one statement. */
  const addGrains = (vendorId: string, n: number) =>
    fresh.db.execute(sql`INSERT INTO products (vendor_id, name, image_url, category, details, production_cost_cents,
      profit_margin_bp, price_cents, stock, unit, manufactured_on, expires_on)
      SELECT ${vendorId}::uuid, 'Oats ' || i, '/uploads/00000000-0000-4000-8000-000000000000.webp', 'grains', 'Oats',
        100 + i, 0, 100 + i, 5, 'kg', '2026-01-01', ${dayFromToday(365)}::date
      FROM generate_series(1, ${n}) AS i`);
  const first = async (url: string) => {
    const response = await fresh.app.inject({ url });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it(`is exact up to ${LISTING_COUNT_CAP.toLocaleString('en-US')}, then "${LISTING_COUNT_CAP.toLocaleString('en-US')}+"`, async () => {
    await addGrains(big.id, LISTING_COUNT_CAP - 1);
    await addGrains(small.id, 3);
    await insertProduct(fresh, small.id, { category: 'grains', listed: false });
    await insertProduct(fresh, small.id, { category: 'grains', manufacturedOn: '2020-01-01', expiresOn: '2020-02-01' });
    const all = await first('/api/products?category=grains&limit=2');
    expect(all.json()).toMatchObject({ total: LISTING_COUNT_CAP, totalCapped: true }); // 1,002 offered
    expect((await first('/api/products?category=grains&sort=price-desc')).json().total).toBe(LISTING_COUNT_CAP);
    // A filtered listing counts what it shows: a shop's products in the category, exactly.
    const shop = (await first(`/api/products?category=grains&shop=${small.id}`)).json();
    expect(shop).toMatchObject({ total: 3 });
    expect(shop.totalCapped).toBeUndefined();
    const exact = (await first(`/api/products?shop=${big.id}`)).json();
    expect(exact).toMatchObject({ total: LISTING_COUNT_CAP - 1 });
    expect(exact.totalCapped).toBeUndefined();
    await addGrains(big.id, 1);
    const bound = (await first(`/api/products?shop=${big.id}&sort=newest`)).json();
    expect(bound).toMatchObject({ total: LISTING_COUNT_CAP });
    expect(bound.totalCapped).toBeUndefined();
    await addGrains(big.id, 1);
    const capped = (await first(`/api/products?shop=${big.id}&sort=price-asc&limit=5`)).json();
    expect(capped).toMatchObject({ total: LISTING_COUNT_CAP, totalCapped: true });
    expect(capped.items).toHaveLength(5);
    // Each page is one statement.
    const next = `/api/products?shop=${big.id}&sort=price-asc&limit=5&cursor=${capped.nextCursor}`;
    const statements = await statementsDuring(fresh, async () => {
      expect((await first(next)).json()).toMatchObject({ total: null });
    });
    expect(statements).toHaveLength(1);
    // The spec's list calls give the count in x-total-count only when it is exact.
    expect((await first('/api/allProducts?productCategory=grains')).headers['x-total-count']).toBeUndefined();
    expect((await first('/api/allProducts?productCategory=milk')).headers['x-total-count']).toBe('0');
  });
});
