import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  GTIN_MESSAGE,
  OPTION_DRAWS_NEEDED,
  OPTION_LABEL_TAKEN,
  OPTION_SKU_TWICE,
  OPTION_WEIGHT_MIX,
  OPTIONS_TOO_MANY,
  SKU_TAKEN,
} from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { searchIndexCaughtUp } from './search-index.ts';
import { restock, takeStock } from './stock.ts';
import { deals, productOptions, products } from './tables.ts';

/**
 * Sizes and packs (issue 32, item 3; decision 052) through the API: a product sells options from one shared pool or
 * from their own stock; the spec's fields are its first option's; the listing's price sort and filter read the lowest
 * listed option's price; SKUs are unique in a shop among listed options.
 */
const t = setupTestApp({ CATALOG_CACHE_MS: '0' });

const base = <T extends object>(name: string, extra: T = {} as T) => ({
  productName: name,
  productDetails: `${name}, from the farm`,
  productCategory: 'milk',
  productManufacturingDate: dayFromToday(-1),
  productExpireDate: dayFromToday(60),
  productImage: '/uploads/00000000-0000-4000-8000-000000000000.webp',
  ...extra,
});

/** Eggs by the half dozen and the dozen, from one pool of 60 eggs. */
const eggs = <T extends object>(name = 'Pasture Eggs', extra: T = {} as T) =>
  base(name, {
    productQuantity: 60,
    stockShared: true,
    options: [
      {
        label: 'Half dozen',
        pricing: 'price',
        productPrice: 3.5,
        productionCost: 2,
        draws: 6,
        unit: 'pack',
        packLabel: 'box of 6',
        netQuantity: 6,
        netUnit: 'piece',
      },
      {
        label: 'Dozen',
        sku: 'EGG-12',
        gtin: '12345678',
        productionCost: 3,
        profitMargin: 100,
        draws: 12,
        unit: 'dozen',
      },
    ],
    ...extra,
  });

/** Honey in two jars, each with its own stock. */
const honey = <T extends object>(name = 'Wildflower Honey', extra: T = {} as T) =>
  base(name, {
    productCategory: 'sweet',
    options: [
      {
        label: '250 g jar',
        pricing: 'price',
        productPrice: 6,
        stock: 4,
        unit: 'pack',
        packLabel: 'jar',
        netQuantity: 250,
        netUnit: 'g',
      },
      {
        label: '500 g jar',
        pricing: 'price',
        productPrice: 10,
        stock: 2,
        unit: 'pack',
        packLabel: 'jar',
        netQuantity: 500,
        netUnit: 'g',
      },
    ],
    ...extra,
  });

async function vendor(): Promise<TestUser> {
  return createUser(t, { role: 'vendor', membership: 'premium' });
}

const add = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: user.auth, payload });
const edit = (user: TestUser, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: user.auth, payload });

async function added(user: TestUser, payload: object) {
  const res = await add(user, payload);
  if (res.statusCode !== 201) throw new Error(`listing failed: ${res.body}`);
  return res.json().product;
}

async function storedOptions(productId: string) {
  return t.db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.createdAt), asc(productOptions.position));
}

async function productRow(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return row;
}

describe('adding a product with options', () => {
  it('eggs in two sizes from one pool: the spec fields are the first size, each size has floor(pool / draws)', async () => {
    const farmer = await vendor();
    const product = await added(farmer, eggs());
    expect(product).toMatchObject({
      productPrice: 3.5,
      productQuantity: { value: 10, unit: 'pack' },
      pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
      productionCost: 2,
      pricing: 'price',
      stockShared: true,
      pool: 60,
    });
    expect(product.options).toEqual([
      {
        _id: expect.any(String),
        label: 'Half dozen',
        price: 3.5,
        salePrice: null,
        sku: expect.stringMatching(/^P-[0-9A-F]{12}$/),
        gtin: null,
        unit: 'pack',
        pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
        soldByWeight: false,
        gramsPerPiece: null,
        position: 1,
        available: 10,
        draws: 6,
        productionCost: 2,
        profitMargin: 75,
        pricing: 'price',
        stock: null,
      },
      {
        _id: expect.any(String),
        label: 'Dozen',
        price: 6,
        salePrice: null,
        sku: 'EGG-12',
        gtin: '12345678',
        unit: 'dozen',
        pack: null,
        soldByWeight: false,
        gramsPerPiece: null,
        position: 2,
        available: 5,
        draws: 12,
        productionCost: 3,
        profitMargin: 100,
        pricing: 'costAndMargin',
        stock: null,
      },
    ]);
    // The products row mirrors them: the "from" price, the pool and the smallest draw.
    expect(await productRow(product._id)).toMatchObject({ priceCents: 350, stock: 60, minDraws: 6, unit: 'pack' });

    // Shoppers read the options without cost, margin, pricing or own stock.
    const page = await t.app.inject({ url: `/api/singleProduct/${product._id}` });
    expect(page.statusCode).toBe(200);
    const offered = page.json();
    expect(offered.productPrice).toBe(3.5);
    expect(offered.productQuantity).toEqual({ value: 10, unit: 'pack' });
    expect(offered.options.map((o: { label: string; available: number }) => [o.label, o.available])).toEqual([
      ['Half dozen', 10],
      ['Dozen', 5],
    ]);
    for (const option of offered.options) {
      expect(Object.keys(option)).not.toEqual(expect.arrayContaining(['productionCost']));
      expect(option).not.toHaveProperty('profitMargin');
      expect(option).not.toHaveProperty('pricing');
      expect(option).not.toHaveProperty('stock');
    }
    expect(offered).not.toHaveProperty('stockShared');
    expect(offered).not.toHaveProperty('pool');
  });

  it('honey in two jars with their own stock: the product holds their sum, in stock from 1', async () => {
    const farmer = await vendor();
    const product = await added(farmer, honey());
    expect(product).toMatchObject({
      productPrice: 6,
      productQuantity: { value: 4, unit: 'pack' },
      stockShared: false,
      pool: null,
    });
    expect(
      product.options.map((o: { available: number; stock: number; draws: null }) => [o.available, o.stock, o.draws]),
    ).toEqual([
      [4, 4, null],
      [2, 2, null],
    ]);
    expect(await productRow(product._id)).toMatchObject({ priceCents: 600, stock: 6, minDraws: 1 });
  });

  it('a product listed without options is one option drawing 1 from its stock, named by its unit', async () => {
    const farmer = await vendor();
    const product = await added(farmer, base('Raw Milk', { productQuantity: 8, pricing: 'price', productPrice: 4 }));
    expect(product).toMatchObject({ productPrice: 4, productQuantity: { value: 8, unit: 'liter' }, stockShared: true });
    expect(product.options).toEqual([
      expect.objectContaining({ label: '1 liter', price: 4, position: 1, available: 8, draws: 1, stock: null }),
    ]);
    expect(product.options[0].sku).toMatch(/^P-[0-9A-F]{12}$/);
  });

  it('refuses 11 sizes, a mix of weighed and unweighed, twin names, twin SKUs, a bad GTIN and missing draws', async () => {
    const farmer = await vendor();
    const size = (i: number) => ({ label: `Size ${i}`, pricing: 'price', productPrice: 1 + i, stock: 1 });
    const eleven = await add(farmer, base('Many', { options: Array.from({ length: 11 }, (_, i) => size(i)) }));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error.fields.options).toBe(OPTIONS_TOO_MANY);
    const ten = await add(farmer, base('Ten', { options: Array.from({ length: 10 }, (_, i) => size(i)) }));
    expect(ten.statusCode).toBe(201);

    const mixed = await add(
      farmer,
      base('Mixed', {
        options: [
          { ...size(1), soldByWeight: true, gramsPerPiece: 300 },
          { ...size(2), soldByWeight: false },
        ],
      }),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields['options.1.soldByWeight']).toBe(OPTION_WEIGHT_MIX);

    const twins = await add(
      farmer,
      base('Twins', {
        options: [
          { ...size(1), label: 'Jar', sku: 'J-1', gtin: '1234' },
          { ...size(2), label: 'jar', sku: 'j-1' },
        ],
      }),
    );
    expect(twins.statusCode).toBe(400);
    expect(twins.json().error.fields).toMatchObject({
      'options.0.gtin': GTIN_MESSAGE,
      'options.1.label': OPTION_LABEL_TAKEN,
      'options.1.sku': OPTION_SKU_TWICE,
    });

    const undrawn = await add(farmer, base('Pool', { productQuantity: 5, stockShared: true, options: [size(1)] }));
    expect(undrawn.statusCode).toBe(400);
    expect(undrawn.json().error.fields['options.0.draws']).toBe(OPTION_DRAWS_NEEDED);
    const noPool = await add(farmer, base('No pool', { stockShared: true, options: [{ ...size(1), draws: 1 }] }));
    expect(noPool.statusCode).toBe(400);
    expect(noPool.json().error.fields).toHaveProperty('productQuantity');
  });

  it('weighed sizes keep their price per kg and piece weight', async () => {
    const farmer = await vendor();
    const product = await added(
      farmer,
      base('Lamb', {
        productCategory: 'proteins',
        productQuantity: 8,
        stockShared: true,
        options: [
          { label: 'Quarter', pricing: 'price', productPrice: 18, draws: 1, soldByWeight: true, gramsPerPiece: 4000 },
          { label: 'Half', pricing: 'price', productPrice: 16, draws: 2, soldByWeight: true, gramsPerPiece: 8000 },
        ],
      }),
    );
    expect(product).toMatchObject({ productPrice: 18, soldByWeight: true, gramsPerPiece: 4000 });
    expect(product.options.map((o: { available: number }) => o.available)).toEqual([8, 4]);
    expect(await productRow(product._id)).toMatchObject({ priceCents: 1600, minDraws: 1, soldByWeight: true });
  });
});

describe('SKUs', () => {
  it('are unique in a shop among listed options (409 on the field), free across shops and once unlisted', async () => {
    const farmer = await vendor();
    await added(farmer, eggs());
    const clash = await add(farmer, honey('Clover Honey', { options: [{ ...honey().options[0], sku: 'egg-12' }] }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'CONFLICT',
      message: SKU_TAKEN,
      fields: { 'options.0.sku': SKU_TAKEN },
    });

    const neighbour = await vendor();
    const elsewhere = await add(
      neighbour,
      honey('Clover Honey', { options: [{ ...honey().options[0], sku: 'EGG-12' }] }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('two edits taking one SKU at once: one is saved, the other is a 409 on the field', async () => {
    const farmer = await vendor();
    const jams = await Promise.all(['Plum Jam', 'Fig Jam'].map((name) => added(farmer, honey(name))));
    const results = await Promise.all(
      jams.map((jam) =>
        edit(
          farmer,
          jam._id,
          honey(jam.productName, {
            options: [
              { ...honey().options[0], _id: jam.options[0]._id, sku: 'JAM-1' },
              { ...honey().options[1], _id: jam.options[1]._id },
            ],
          }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().error.fields).toEqual({ 'options.0.sku': SKU_TAKEN });
  });

  it('an edit taking a SKU of another product of the shop is a 409 and changes nothing', async () => {
    const farmer = await vendor();
    const eggProduct = await added(farmer, eggs());
    const honeyProduct = await added(farmer, honey());
    const [small, large] = honeyProduct.options;
    const res = await edit(
      farmer,
      honeyProduct._id,
      honey('Wildflower Honey', {
        options: [
          { ...honey().options[0], _id: small._id },
          { ...honey().options[1], _id: large._id, sku: 'Egg-12' },
        ],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ 'options.1.sku': SKU_TAKEN });
    expect((await storedOptions(honeyProduct._id)).map((o) => [o.sku, o.listed])).toEqual([
      [small.sku, true],
      [large.sku, true],
    ]);
    expect((await storedOptions(eggProduct._id)).every((o) => o.listed)).toBe(true);
  });
});

describe('deals and markdowns', () => {
  it('take the product’s percent off every option; deal and markdown prices of the product are the first’s', async () => {
    const farmer = await vendor();
    const product = await added(farmer, eggs('Deal Eggs'));
    await t.db
      .insert(deals)
      .values({ productId: product._id, discountPercent: 20, endsAt: new Date(Date.now() + 86_400_000) });
    const onDeal = (await t.app.inject({ url: `/api/singleProduct/${product._id}` })).json();
    expect(onDeal.deal).toMatchObject({ discountPercent: 20, price: 2.8 });
    expect(onDeal.markdown).toBeNull();
    expect(onDeal.options.map((o: { price: number; salePrice: number }) => [o.price, o.salePrice])).toEqual([
      [3.5, 2.8],
      [6, 4.8],
    ]);

    // A markdown of 30% in the last 3 days beats the deal on every option.
    const rule = await t.app.inject({
      method: 'PUT',
      url: '/api/markdowns/shop',
      headers: farmer.auth,
      payload: { percent: 30, days: 3 },
    });
    expect(rule.statusCode).toBe(200);
    const near = await added(
      farmer,
      eggs('Last Eggs', {
        productExpireDate: dayFromToday(1),
        options: eggs().options.map((o) => ({ ...o, sku: undefined })),
      }),
    );
    const marked = (await t.app.inject({ url: `/api/singleProduct/${near._id}` })).json();
    expect(marked.markdown).toMatchObject({ discountPercent: 30, price: 2.45 });
    expect(marked.options.map((o: { salePrice: number }) => o.salePrice)).toEqual([2.45, 4.2]);
    const shelf = (await t.app.inject({ url: '/api/products/last-chance' })).json();
    // Its card: two sizes, "from" the half dozen at its markdown price.
    expect(shelf.find((p: { _id: string }) => p._id === near._id).sizes).toMatchObject({
      count: 2,
      from: { price: 3.5, salePrice: 2.45, unit: 'pack' },
    });
  });
});

describe('editing options', () => {
  it('changes a price, adds a size, drops one (unlisted, its SKU free again); the from price follows', async () => {
    const farmer = await vendor();
    const product = await added(farmer, eggs());
    const [half, dozen] = product.options;
    const sent = eggs().options;

    // The half dozen costs more than the dozen now: the "from" price is the dozen's.
    const repriced = await edit(
      farmer,
      product._id,
      eggs('Pasture Eggs', {
        options: [
          { ...sent[0], _id: half._id, productPrice: 12 },
          { ...sent[1], _id: dozen._id },
        ],
      }),
    );
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json()).toMatchObject({ productPrice: 12, options: [{ price: 12 }, { price: 6 }] });
    expect((await productRow(product._id)).priceCents).toBe(600);

    // A tray of 30 added last, the dozen kept.
    const grown = await edit(
      farmer,
      product._id,
      eggs('Pasture Eggs', {
        productQuantity: 90,
        options: [
          { ...sent[0], _id: half._id, productPrice: 12 },
          { ...sent[1], _id: dozen._id },
          { label: 'Tray of 30', pricing: 'price', productPrice: 13, draws: 30, unit: 'piece' },
        ],
      }),
    );
    expect(grown.statusCode).toBe(200);
    expect(
      grown
        .json()
        .options.map((o: { label: string; position: number; available: number }) => [o.label, o.position, o.available]),
    ).toEqual([
      ['Half dozen', 1, 15],
      ['Dozen', 2, 7],
      ['Tray of 30', 3, 3],
    ]);
    expect(grown.json().options[1]._id).toBe(dozen._id);

    // The dozen first, the half dozen dropped: unlisted, and its SKU may be used again.
    const tray = grown.json().options[2];
    const dropped = await edit(
      farmer,
      product._id,
      eggs('Pasture Eggs', {
        productQuantity: 90,
        options: [
          { ...sent[1], _id: dozen._id },
          { label: 'Tray of 30', pricing: 'price', productPrice: 13, draws: 30, unit: 'piece', _id: tray._id },
        ],
      }),
    );
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({
      productPrice: 6,
      productQuantity: { value: 7, unit: 'dozen' },
      options: [
        { label: 'Dozen', position: 1 },
        { label: 'Tray of 30', position: 2 },
      ],
    });
    expect(dropped.json().options).toHaveLength(2);
    const [halfRow] = await t.db.select().from(productOptions).where(eq(productOptions.id, half._id));
    expect(halfRow.listed).toBe(false);
    expect(await productRow(product._id)).toMatchObject({ priceCents: 600, stock: 90, minDraws: 12 });
    const reuse = await add(farmer, honey('Buckwheat Honey', { options: [{ ...honey().options[0], sku: half.sku }] }));
    expect(reuse.statusCode).toBe(201);
  });

  it('an edit without options changes the first option and keeps the others', async () => {
    const farmer = await vendor();
    const product = await added(farmer, eggs());
    const res = await edit(
      farmer,
      product._id,
      base('Pasture Eggs', {
        productQuantity: 10,
        pricing: 'price',
        productPrice: 4,
        productionCost: 2,
        unit: 'pack',
        packLabel: 'box of 6',
        netQuantity: 6,
        netUnit: 'piece',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      productPrice: 4,
      productQuantity: { value: 10, unit: 'pack' },
      pool: 60,
      options: [
        { label: 'Half dozen', price: 4, draws: 6, available: 10 },
        { label: 'Dozen', price: 6, sku: 'EGG-12', draws: 12, available: 5 },
      ],
    });
    // productQuantity is what the first size reads: 20 half dozens are a pool of 120.
    const more = await edit(
      farmer,
      product._id,
      base('Pasture Eggs', { productQuantity: 20, pricing: 'price', productPrice: 4 }),
    );
    expect(more.json()).toMatchObject({ pool: 120, options: [{ available: 20 }, { available: 10 }] });
    expect(await productRow(product._id)).toMatchObject({ priceCents: 400, stock: 120, minDraws: 6 });
  });

  it('an edit of own stock without options sets the first option’s stock', async () => {
    const farmer = await vendor();
    const product = await added(farmer, honey());
    const res = await edit(
      farmer,
      product._id,
      base('Wildflower Honey', { productQuantity: 9, pricing: 'price', productPrice: 7 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().options.map((o: { stock: number }) => o.stock)).toEqual([9, 2]);
    expect(await productRow(product._id)).toMatchObject({ stock: 11, priceCents: 700 });
  });

  it('refuses an option id of another product', async () => {
    const farmer = await vendor();
    const first = await added(farmer, eggs());
    const second = await added(farmer, honey());
    const res = await edit(
      farmer,
      second._id,
      honey('Wildflower Honey', { options: [{ ...honey().options[0], _id: first.options[0]._id }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('options.0._id');
  });

  it('unlisting a product unlists its options and frees their SKUs', async () => {
    const farmer = await vendor();
    const product = await added(farmer, eggs());
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${product._id}`, headers: farmer.auth });
    expect(removed.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(productOptions)
      .where(and(eq(productOptions.productId, product._id), eq(productOptions.listed, true)));
    expect(rows).toEqual([]);
    expect((await add(farmer, eggs('Pasture Eggs again'))).statusCode).toBe(201);
  });
});

describe('listings read the "from" price', () => {
  it('a product whose cheaper option is in $5-$10 shows in that filter, and sorts by it both ways', async () => {
    const farmer = await vendor();
    const lamb = await added(
      farmer,
      base('Spring Lamb Box', {
        productCategory: 'proteins',
        options: [
          { label: 'Whole', pricing: 'price', productPrice: 40, stock: 2 },
          { label: 'Quarter', pricing: 'price', productPrice: 9, stock: 5 },
        ],
      }),
    );
    const cheap = await added(
      farmer,
      base('Lamb Sausages', { productCategory: 'proteins', productQuantity: 5, pricing: 'price', productPrice: 7 }),
    );
    const dear = await added(
      farmer,
      base('Lamb Leg', { productCategory: 'proteins', productQuantity: 5, pricing: 'price', productPrice: 20 }),
    );
    const ids = (body: { items: { _id: string }[] }) => body.items.map((p) => p._id);
    const inRange = await t.app.inject({
      url: `/api/products?shop=${farmer.id}&minPrice=5&maxPrice=10&sort=price-asc`,
    });
    expect(inRange.statusCode).toBe(200);
    expect(ids(inRange.json())).toEqual([cheap._id, lamb._id]);
    // The spec's price is the first size's; the card reads "from" the quarter's.
    expect(inRange.json().items[1]).toMatchObject({ productPrice: 40, sizes: { count: 2, from: { price: 9 } } });

    const asc = await t.app.inject({ url: `/api/products?shop=${farmer.id}&sort=price-asc` });
    expect(ids(asc.json())).toEqual([cheap._id, lamb._id, dear._id]);
    const desc = await t.app.inject({ url: `/api/products?shop=${farmer.id}&sort=price-desc` });
    expect(ids(desc.json())).toEqual([dear._id, lamb._id, cheap._id]);
    // The facets' price range is of the "from" prices.
    expect(asc.json().facets.price).toEqual({ min: 7, max: 20 });

    // A new price on the quarter moves the product in the filter and the sort.
    const [whole, quarter] = lamb.options;
    await edit(
      farmer,
      lamb._id,
      base('Spring Lamb Box', {
        options: [
          { label: 'Whole', pricing: 'price', productPrice: 40, stock: 2, _id: whole._id },
          { label: 'Quarter', pricing: 'price', productPrice: 25, stock: 5, _id: quarter._id },
        ],
      }),
    );
    const after = await t.app.inject({ url: `/api/products?shop=${farmer.id}&minPrice=5&maxPrice=10` });
    expect(ids(after.json())).toEqual([cheap._id]);
    const ascAfter = await t.app.inject({ url: `/api/products?shop=${farmer.id}&sort=price-asc` });
    expect(ids(ascAfter.json())).toEqual([cheap._id, dear._id, lamb._id]);
    // The shop's kept counts (decision 033) follow the new "from" price.
    expect(ascAfter.json().facets.price).toEqual({ min: 7, max: 25 });
  });

  it('GET /products, /allProducts and search answer cards (sizes, no options); the page and the vendor list options', async () => {
    const farmer = await vendor();
    const product = await added(farmer, eggs('Speckled Eggs'));
    const sizes = { count: 2, from: { price: 3.5, unit: 'pack', pack: { label: 'box of 6' } }, inStock: true };
    const listing = (await t.app.inject({ url: `/api/products?shop=${farmer.id}` })).json().items[0];
    expect(listing).toMatchObject({ productPrice: 3.5, sizes });
    expect(listing.options).toBeUndefined();
    // The sizes key is the last of a listed product's (decision 046: new keys after the spec's).
    expect(Object.keys(listing).at(-1)).toBe('sizes');
    const all = await t.app.inject({ url: '/api/allProducts?productCategory=milk' });
    expect(all.json().find((p: { _id: string }) => p._id === product._id)).toMatchObject({ sizes });
    await searchIndexCaughtUp(t.db);
    const search = await t.app.inject({ url: '/api/search?q=speckled' });
    expect(search.json().items[0]).toMatchObject({ sizes });
    const page = (await t.app.inject({ url: `/api/singleProduct/${product._id}` })).json();
    expect(page.options.map((o: { label: string }) => o.label)).toEqual(['Half dozen', 'Dozen']);
    expect(page.sizes).toBeUndefined();
    const own = await t.app.inject({
      url: `/api/products/vendor?email=${encodeURIComponent(farmer.email)}`,
      headers: farmer.auth,
    });
    expect(own.json()[0]).toMatchObject({ stockShared: true, pool: 60, options: [{ draws: 6 }, { draws: 12 }] });
  });
});

describe('cards read their sizes from the product row (decision 052)', () => {
  type Option = {
    price: number;
    salePrice: number | null;
    unit: string;
    pack: unknown;
    soldByWeight: boolean;
    gramsPerPiece: number | null;
    available: number;
  };

  /** What the product page's options say its card shows: the spec's fields from the first, "from" the cheapest. */
  function cardOfPage(page: { options: Option[] } & Record<string, unknown>) {
    const [first] = page.options;
    const low = page.options.reduce((a, o) => (o.price < a.price ? o : a));
    return {
      productPrice: first.price,
      productQuantity: { value: first.available, unit: first.unit },
      pack: first.pack,
      soldByWeight: first.soldByWeight,
      gramsPerPiece: first.gramsPerPiece,
      sizes: {
        count: page.options.length,
        from: {
          price: low.price,
          salePrice: low.salePrice,
          unit: low.unit,
          pack: low.pack,
          soldByWeight: low.soldByWeight,
          gramsPerPiece: low.gramsPerPiece,
        },
        inStock: page.options.some((o) => o.available > 0),
      },
    };
  }

  /** The product's card in its shop's listing agrees with its page. */
  async function expectCardAsPage(shop: string, id: string) {
    const card = (await t.app.inject({ url: `/api/products?shop=${shop}&limit=50` }))
      .json()
      .items.find((p: { _id: string }) => p._id === id);
    const page = (await t.app.inject({ url: `/api/singleProduct/${id}` })).json();
    const { productPrice, productQuantity, pack, soldByWeight, gramsPerPiece, sizes } = card;
    expect({ productPrice, productQuantity, pack, soldByWeight, gramsPerPiece, sizes }).toEqual(cardOfPage(page));
    return card;
  }

  const sell = (lines: { optionId: string; amount: number }[]) => t.db.transaction((tx) => takeStock(tx, lines));
  const putBack = (lines: { optionId: string; productId: string; amount: number }[]) =>
    t.db.transaction((tx) => restock(tx, lines));

  it('after adding, editing, selling and restocking, every card says what its page says', async () => {
    const farmer = await vendor();
    const jars = await added(farmer, honey('Clover Honey'));
    const pool = await added(farmer, eggs('Brown Eggs'));
    const one = await added(farmer, base('Goat Milk', { productQuantity: 7, pricing: 'price', productPrice: 4 }));
    for (const p of [jars, pool, one]) await expectCardAsPage(farmer.id, p._id);

    // Honey: three of the four small jars sold, two back; then all of them: the big jars keep it in stock.
    const [small, big] = jars.options;
    await sell([{ optionId: small._id, amount: 3 }]);
    expect((await expectCardAsPage(farmer.id, jars._id)).productQuantity.value).toBe(1);
    await putBack([{ optionId: small._id, productId: jars._id, amount: 2 }]);
    expect((await expectCardAsPage(farmer.id, jars._id)).productQuantity.value).toBe(3);
    await sell([{ optionId: small._id, amount: 3 }]);
    expect((await expectCardAsPage(farmer.id, jars._id)).sizes.inStock).toBe(true);
    await sell([{ optionId: big._id, amount: 2 }]);
    expect((await expectCardAsPage(farmer.id, jars._id)).sizes.inStock).toBe(false);

    // Eggs: a dozen and a half dozen take 18 of the 60: 7 half dozens left.
    const [half, dozen] = pool.options;
    await sell([
      { optionId: dozen._id, amount: 1 },
      { optionId: half._id, amount: 1 },
    ]);
    expect((await expectCardAsPage(farmer.id, pool._id)).productQuantity.value).toBe(7);

    // The big jar made the cheaper and the first: the card's spec fields and "from" follow.
    const sent = honey().options;
    const edited = await edit(
      farmer,
      jars._id,
      honey('Clover Honey', {
        options: [
          { ...sent[1], _id: big._id, productPrice: 5, stock: 6 },
          { ...sent[0], _id: small._id, stock: 1 },
        ],
      }),
    );
    expect(edited.statusCode).toBe(200);
    const card = await expectCardAsPage(farmer.id, jars._id);
    expect(card).toMatchObject({ productPrice: 5, productQuantity: { value: 6 }, sizes: { from: { price: 5 } } });

    // Down to one size: no copy is kept, the row is the size.
    const single = await edit(farmer, jars._id, honey('Clover Honey', { options: [{ ...sent[0], _id: small._id }] }));
    expect(single.statusCode).toBe(200);
    expect(await productRow(jars._id)).toMatchObject({ sizes: null, firstStock: null });
    expect((await expectCardAsPage(farmer.id, jars._id)).sizes.count).toBe(1);
    await sell([{ optionId: one.options[0]._id, amount: 2 }]);
    expect((await expectCardAsPage(farmer.id, one._id)).productQuantity.value).toBe(5);

    // The copies are what migration 0065's rule reads from the options.
    const { rows } = await t.db.execute(sql`
      SELECT p.id FROM products p LEFT JOIN product_card_sizes() c ON c.product_id = p.id
      WHERE p.vendor_id = ${farmer.id}::uuid AND p.listed
        AND (p.sizes::jsonb IS DISTINCT FROM c.sizes::jsonb OR p.first_stock IS DISTINCT FROM c.first_stock)`);
    expect(rows).toEqual([]);
  });
});
