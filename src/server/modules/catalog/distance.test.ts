import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNPLACED_ZIP } from '#contract/places.ts';
import type { CardProduct, ProductPage } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { setupUser, type TestUser } from '../../test/users.ts';
import { shops } from '../shops/tables.ts';
import { insertProduct, statementsDuring } from './test-products.ts';

/**
 * Distance from the farm (issue 12, item 3): products' origins, the shopper's place, distanceKm, nearest first and
 * maxKm, on shops at real ZIP code centres of the Census Gazetteer (the data set the server places ZIP codes with).
 */
const t = setupTestApp();
const city = setupUser(t, { role: 'vendor', name: 'City' });
const seattle = setupUser(t, { role: 'vendor', name: 'Sound' });
const valley = setupUser(t, { role: 'vendor', name: 'Valley' });
const nowhere = setupUser(t, { role: 'vendor', name: 'Nowhere' });
const shopper = setupUser(t, { role: 'customer' });
const otherShopper = setupUser(t, { role: 'customer' });

const PLACES = {
  portland: { latitude: 45.508551, longitude: -122.688283 }, // 97201, the shopper
  eastPortland: { latitude: 45.513962, longitude: -122.644031 }, // 97214
  hoodRiver: { latitude: 45.610947, longitude: -121.601374 }, // 97031
  seattle: { latitude: 47.610902, longitude: -122.336422 }, // 98101
  corvallis: { latitude: 44.647997, longitude: -123.259576 }, // 97330
  hillsboro: { latitude: 45.444372, longitude: -122.976426 }, // 97123
  salem: { latitude: 44.951839, longitude: -123.006246 }, // 97301
};

/** Great-circle km (haversine, mean Earth radius), the test's own arithmetic. */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

const placeShop = (vendor: TestUser, place: { latitude: number; longitude: number } | null) =>
  t.db
    .update(shops)
    .set({ latitude: place?.latitude ?? null, longitude: place?.longitude ?? null })
    .where(eq(shops.vendorId, vendor.id));

const newProduct = {
  productName: 'Gorge Pears',
  productDetails: 'Bartlett pears from the Hood River valley.',
  productCategory: 'fruit',
  productQuantity: 25,
  productionCost: 4,
  profitMargin: 12.5,
  productManufacturingDate: '2026-01-10',
  productExpireDate: dayFromToday(365),
  productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
};

const ids: Record<string, string> = {};

beforeAll(async () => {
  await placeShop(city, PLACES.eastPortland);
  await placeShop(seattle, PLACES.seattle);
  await placeShop(valley, PLACES.corvallis);
  ids.kale = await insertProduct(t, city.id, { name: 'City Kale', category: 'vegetable' });
  ids.oysters = await insertProduct(t, seattle.id, { name: 'Sound Oysters', category: 'proteins', unit: 'kg' });
  ids.hazelnuts = await insertProduct(t, valley.id, { name: 'Valley Hazelnuts', category: 'snacks', unit: 'kg' });
  ids.jam = await insertProduct(t, nowhere.id, { name: 'Mystery Jam', category: 'sweet', unit: 'piece' });
  // Vegetables 3.5, 23.6 and 66.7 km from 97201, and one whose place is unknown.
  const farm = (originName: string, originPostcode: string, place: { latitude: number; longitude: number }) => ({
    originName,
    originPostcode,
    originLatitude: place.latitude,
    originLongitude: place.longitude,
  });
  await insertProduct(t, valley.id, { name: 'Hillsboro Leeks', ...farm('Tualatin Farm', '97123', PLACES.hillsboro) });
  await insertProduct(t, valley.id, { name: 'Salem Beans', ...farm('Mill Creek Farm', '97301', PLACES.salem) });
  await insertProduct(t, nowhere.id, { name: 'Nowhere Radish' });
  const pears = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: city.auth,
    payload: { ...newProduct, originName: 'Gorge Orchard', originPostcode: '97031' },
  });
  expect(pears.statusCode, pears.body).toBe(201);
  ids.pears = pears.json().insertedId;
});

async function page(url: string): Promise<ProductPage> {
  const response = await t.app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (items: CardProduct[]) => items.map((p) => p.productName);

describe('a product’s origin', () => {
  it('is its shop’s place unless the vendor names a farm, which is placed by its ZIP code', async () => {
    const kale = (await t.app.inject({ url: `/api/singleProduct/${ids.kale}` })).json();
    expect(kale.origin).toEqual({ name: "City's Farm", ...PLACES.eastPortland });
    expect(kale.distanceKm).toBeUndefined();
    const pears = (await t.app.inject({ url: `/api/singleProduct/${ids.pears}` })).json();
    expect(pears.origin).toEqual({ name: 'Gorge Orchard', postcode: '97031', ...PLACES.hoodRiver });
    const jam = (await t.app.inject({ url: `/api/singleProduct/${ids.jam}` })).json();
    expect(jam.origin).toBeNull();
  });

  it('follows its shop when the shop moves, and not when it comes from a farm of its own', async () => {
    const other = await insertProduct(t, city.id, { name: 'Moving Beets' });
    await placeShop(city, PLACES.corvallis);
    const beets = (await t.app.inject({ url: `/api/singleProduct/${other}` })).json();
    const pears = (await t.app.inject({ url: `/api/singleProduct/${ids.pears}` })).json();
    await placeShop(city, PLACES.eastPortland);
    expect(beets.origin).toMatchObject(PLACES.corvallis);
    expect(pears.origin).toMatchObject(PLACES.hoodRiver);
    const back = (await t.app.inject({ url: `/api/singleProduct/${other}` })).json();
    expect(back.origin).toMatchObject(PLACES.eastPortland);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${other}`, headers: city.auth });
  });

  it('is edited by the vendor: a farm, then back to the shop; an edit that does not send it keeps it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: valley.auth,
      payload: { ...newProduct, productName: 'Edited Plums' },
    });
    const id = created.json().insertedId;
    expect(created.json().product.origin).toEqual({ name: "Valley's Farm", ...PLACES.corvallis });
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: valley.auth, payload });
    const { productCategory: _, ...fields } = newProduct;
    const farm = await edit({ ...fields, originName: 'Hill Farm', originPostcode: '97201-1234' });
    expect(farm.statusCode, farm.body).toBe(200);
    expect(farm.json().origin).toEqual({ name: 'Hill Farm', postcode: '97201', ...PLACES.portland });
    const kept = await edit(fields);
    expect(kept.json().origin).toEqual({ name: 'Hill Farm', postcode: '97201', ...PLACES.portland });
    const shop = await edit({ ...fields, originName: '', originPostcode: '' });
    expect(shop.json().origin).toEqual({ name: "Valley's Farm", ...PLACES.corvallis });
    await edit({ ...fields, originName: null, originPostcode: null });
    await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: valley.auth });
  });

  it('refuses a ZIP code that is not one, or that the map does not know, with a field message and nothing written', async () => {
    const add = (origin: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: seattle.auth,
        payload: { ...newProduct, productName: 'Refused Apples', ...origin },
      });
    const unknown = await add({ originName: 'Ghost Farm', originPostcode: '00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ originPostcode: UNPLACED_ZIP });
    const malformed = await add({ originName: 'Ghost Farm', originPostcode: 'SW1A 1AA' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.originPostcode).toMatch(/5-digit ZIP code/);
    const nameless = await add({ originPostcode: '97031' });
    expect(nameless.statusCode).toBe(400);
    expect(Object.keys(nameless.json().error.fields)).toEqual(['originName']);
    const placeless = await add({ originName: 'Ghost Farm' });
    expect(Object.keys(placeless.json().error.fields)).toEqual(['originPostcode']);
    const { items } = await page('/api/products?q=apples');
    expect(names(items)).not.toContain('Refused Apples');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.kale}`,
      headers: city.auth,
      payload: { ...newProduct, productName: 'City Kale', originName: 'Ghost', originPostcode: '99999' },
    });
    expect(edit.statusCode).toBe(400);
    const kale = (await t.app.inject({ url: `/api/singleProduct/${ids.kale}` })).json();
    expect(kale).toMatchObject({ productName: 'City Kale', productDetails: 'Grown nearby' });
  });
});

describe('distances from the shopper’s place', () => {
  it('gives each product its great-circle distance in km, by ZIP code or by coordinates', async () => {
    const { items } = await page('/api/products?near=97201&limit=50');
    const byName = new Map(items.map((p) => [p.productName, p]));
    expect(byName.get('City Kale')?.distanceKm).toBeCloseTo(km(PLACES.portland, PLACES.eastPortland), 1);
    expect(byName.get('Gorge Pears')?.distanceKm).toBeCloseTo(km(PLACES.portland, PLACES.hoodRiver), 1);
    expect(byName.get('Sound Oysters')?.distanceKm).toBeCloseTo(km(PLACES.portland, PLACES.seattle), 1);
    // Portland to Seattle: 235 km as the crow flies.
    expect(Math.round(byName.get('Sound Oysters')?.distanceKm ?? 0)).toBe(235);
    expect(byName.get('Mystery Jam')?.distanceKm).toBeUndefined();
    const located = await page('/api/products?lat=47.6109&lng=-122.3364&sort=nearest&limit=1');
    // The location is rounded to 47.61, -122.34: 0.3 km from the shop.
    expect(located.items[0]).toMatchObject({ productName: 'Sound Oysters', distanceKm: 0.3 });
    const one = (await t.app.inject({ url: `/api/singleProduct/${ids.pears}?near=97201` })).json();
    expect(one.distanceKm).toBeCloseTo(km(PLACES.portland, PLACES.hoodRiver), 1);
  });

  it('sorts nearest first across keyset pages, leaving out products whose place is unknown', async () => {
    // 3.5, 23.6, 66.7, 85.4, 105.7 and 235.3 km.
    const order = ['City Kale', 'Hillsboro Leeks', 'Salem Beans', 'Gorge Pears', 'Valley Hazelnuts', 'Sound Oysters'];
    const first = await page('/api/products?near=97201&sort=nearest&limit=6');
    expect(names(first.items)).toEqual(order);
    expect(first.total).toBe(6);
    const walked: CardProduct[] = [];
    let cursor: string | null = null;
    do {
      const next: ProductPage = await page(
        `/api/products?near=97201&sort=nearest&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...next.items);
      cursor = next.nextCursor;
    } while (cursor);
    expect(names(walked)).toEqual(order);
    const distances = walked.map((p) => p.distanceKm ?? Number.NaN);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const fromSeattle = await page('/api/products?near=98101&sort=nearest');
    // From Seattle, Hood River (229 km) is nearer than east Portland (234 km).
    expect(names(fromSeattle.items)).toEqual([
      'Sound Oysters',
      'Gorge Pears',
      'City Kale',
      'Hillsboro Leeks',
      'Salem Beans',
      'Valley Hazelnuts',
    ]);
    expect(km(PLACES.seattle, PLACES.hoodRiver)).toBeLessThan(km(PLACES.seattle, PLACES.eastPortland));
    const fruit = await page('/api/products?near=97201&sort=nearest&category=fruit');
    expect(names(fruit.items)).toEqual(['Gorge Pears']);
    const searched = await page('/api/products?near=97201&sort=nearest&q=kale');
    expect(names(searched.items)).toEqual(['City Kale']);
  });

  it('keeps products within maxKm, with any sort', async () => {
    const near = await page('/api/products?near=97201&maxKm=100&sort=nearest');
    expect(names(near.items)).toEqual(['City Kale', 'Hillsboro Leeks', 'Salem Beans', 'Gorge Pears']);
    expect(near.total).toBe(4);
    const cheap = await page('/api/products?near=97201&maxKm=100&sort=price-asc');
    expect(names(cheap.items).sort()).toEqual(['City Kale', 'Gorge Pears', 'Hillsboro Leeks', 'Salem Beans']);
    const prices = cheap.items.map((p) => p.productPrice);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const tight = await page('/api/products?near=97201&maxKm=3');
    expect(tight.items).toEqual([]);
    const fourKm = await page('/api/products?near=97201&maxKm=4');
    expect(names(fourKm.items)).toEqual(['City Kale']);
  });

  it('counts, beside a category’s first page, how many products each radius leaves, in the same statement', async () => {
    const vegetables = await page('/api/products?category=vegetable&near=97201');
    expect(vegetables.facets?.distance).toEqual([
      { km: 10, count: 1 },
      { km: 25, count: 2 },
      { km: 50, count: 2 },
      { km: 100, count: 3 },
    ]);
    expect(vegetables.total).toBe(4);
    // The radius chosen narrows the page and the other counts, not the radii's own counts.
    const within = await page('/api/products?category=vegetable&near=97201&maxKm=25');
    expect(names(within.items).sort()).toEqual(['City Kale', 'Hillsboro Leeks']);
    expect(within.total).toBe(2);
    expect(within.facets?.distance).toEqual(vegetables.facets?.distance);
    expect(within.facets?.price).toEqual({
      min: Math.min(...within.items.map((p) => p.productPrice)),
      max: Math.max(...within.items.map((p) => p.productPrice)),
    });
    const searched = await page('/api/products?q=leeks&near=97201');
    expect(searched.facets?.distance?.map((d) => d.count)).toEqual([0, 1, 1, 1]);
    const placeless = await page('/api/products?category=vegetable');
    expect(placeless.facets).not.toHaveProperty('distance');
    const statements = await statementsDuring(t, () =>
      t.app.inject({ url: '/api/products?category=vegetable&near=97214&maxKm=50&sort=nearest' }),
    );
    expect(statements).toHaveLength(1);
  });

  it('counts round miles where the marketplace writes miles, and keeps products within maxMi', async () => {
    const vegetables = await page('/api/products?category=vegetable&near=97201&distanceUnit=mi');
    const mile = 1.609344;
    expect(vegetables.facets?.distance).toEqual([
      { mi: 5, km: 5 * mile, count: 1 },
      { mi: 10, km: 10 * mile, count: 1 },
      { mi: 25, km: 25 * mile, count: 2 },
      { mi: 50, km: 50 * mile, count: 3 },
    ]);
    // Hillsboro's leeks are 14 miles (22.7 km) away: within 25 miles, not 10.
    expect(km(PLACES.portland, PLACES.hillsboro) / mile).toBeGreaterThan(10);
    const within = await page('/api/products?category=vegetable&near=97201&distanceUnit=mi&maxMi=25');
    expect(names(within.items).sort()).toEqual(['City Kale', 'Hillsboro Leeks']);
    expect(within.facets?.distance).toEqual(vegetables.facets?.distance);
    const tenMiles = await page('/api/products?category=vegetable&near=97201&maxMi=10');
    expect(names(tenMiles.items)).toEqual(['City Kale']);
    expect(tenMiles.facets?.distance?.map((d) => d.km)).toEqual([10, 25, 50, 100]);
    const searched = await page('/api/products?q=leeks&near=97201&distanceUnit=mi');
    expect(searched.facets?.distance?.map((d) => d.count)).toEqual([0, 0, 1, 1]);
    for (const [query, field] of [
      ['maxMi=10', 'maxMi'],
      ['near=97201&maxMi=0', 'maxMi'],
      ['near=97201&maxMi=2.5', 'maxMi'],
      ['near=97201&maxMi=25&maxKm=25', 'maxMi'],
      ['near=97201&distanceUnit=miles', 'distanceUnit'],
    ]) {
      const response = await t.app.inject({ url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), query).toContain(field);
    }
  });

  it('answers 400 with a reason for a place it cannot use, never a 500', async () => {
    const cases: [string, string][] = [
      ['near=abc', 'near'],
      ['near=00000', 'near'],
      ['near=%00%00', 'near'],
      [`near=${'9'.repeat(5000)}`, 'near'],
      ['lat=91&lng=0', 'lat'],
      ['lat=45&lng=-181', 'lng'],
      ['lat=north&lng=0', 'lat'],
      ['lat=45', 'lng'],
      ['near=97201&lat=45&lng=-122', 'near'],
      ['sort=nearest', 'sort'],
      ['maxKm=10', 'maxKm'],
      ['near=97201&maxKm=0', 'maxKm'],
      ['near=97201&maxKm=2.5', 'maxKm'],
      ['near=97201&maxKm=1e9', 'maxKm'],
    ];
    for (const [query, field] of cases) {
      const response = await t.app.inject({ url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), query).toContain(field);
    }
    const forged = Buffer.from(JSON.stringify({ s: 'nearest', v: 'far', i: ids.kale })).toString('base64url');
    expect((await t.app.inject({ url: `/api/products?near=97201&sort=nearest&cursor=${forged}` })).statusCode).toBe(
      400,
    );
    const bad = await t.app.inject({ url: `/api/singleProduct/${ids.kale}?near=00000` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ near: UNPLACED_ZIP });
    const legacy = await t.app.inject({ url: '/api/allProducts?sort=nearest' });
    expect(legacy.statusCode).toBe(400);
  });

  it('rounds coordinates to about 1 km, so requests a few metres apart are one place', async () => {
    const a = await page('/api/products?lat=45.50855&lng=-122.68828&sort=nearest&limit=1');
    const b = await page('/api/products?lat=45.5126&lng=-122.6871&sort=nearest&limit=1');
    expect(a.items[0].distanceKm).toBe(b.items[0].distanceKm);
  });
});

describe('GET /api/postcodes/:postcode', () => {
  it('places a ZIP code (a ZIP+4 as its ZIP), says which it cannot place, and refuses what is not one', async () => {
    const found = await t.app.inject({ url: '/api/postcodes/97031-1234' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ postcode: '97031', ...PLACES.hoodRiver, place: 'Hood River, OR', state: 'OR' });
    const unknown = await t.app.inject({ url: '/api/postcodes/00000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(UNPLACED_ZIP);
    const malformed = await t.app.inject({ url: '/api/postcodes/SW1A%201AA' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.postcode).toMatch(/5-digit ZIP code/);
  });
});

describe('the shopper’s place in their profile', () => {
  const place = (user: TestUser | null, method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
    t.app.inject({ method, url: '/api/users/me/place', headers: user?.auth, payload });

  it('keeps a ZIP code or a rounded location for the signed-in shopper only', async () => {
    expect((await place(shopper, 'GET')).json()).toBeNull();
    const saved = await place(shopper, 'PUT', { postcode: '97201' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ postcode: '97201', ...PLACES.portland });
    expect((await place(shopper, 'GET')).json()).toEqual({ postcode: '97201', ...PLACES.portland });
    expect((await place(otherShopper, 'GET')).json()).toBeNull();
    const located = await place(otherShopper, 'PUT', { latitude: 47.610902, longitude: -122.336422 });
    expect(located.json()).toEqual({ postcode: null, latitude: 47.61, longitude: -122.34 });
    expect((await place(shopper, 'GET')).json()).toMatchObject({ postcode: '97201' });
    expect((await place(shopper, 'DELETE')).statusCode).toBe(204);
    expect((await place(shopper, 'GET')).json()).toBeNull();
    expect((await place(otherShopper, 'GET')).json()).toMatchObject({ latitude: 47.61 });
  });

  it('needs a signed-in caller', async () => {
    expect((await place(null, 'GET')).statusCode).toBe(401);
    expect((await place(null, 'PUT', { postcode: '97201' })).statusCode).toBe(401);
    expect((await place(null, 'DELETE')).statusCode).toBe(401);
  });

  it('refuses a place it cannot keep, with the field at fault', async () => {
    const cases: [object, string][] = [
      [{ postcode: '00000' }, 'postcode'],
      [{ postcode: 'abc' }, 'postcode'],
      [{}, 'postcode'],
      [{ latitude: 45 }, 'longitude'],
      [{ latitude: 95, longitude: 0 }, 'latitude'],
      [{ postcode: '97201', latitude: 45, longitude: -122 }, 'postcode'],
      [{ latitude: '45', longitude: '-122' }, 'latitude'],
    ];
    for (const [payload, field] of cases) {
      const response = await place(shopper, 'PUT', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect((await place(shopper, 'GET')).json()).toBeNull();
  });
});
