import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryTerms } from '#contract/delivery-terms.ts';
import { handoverText } from '#contract/delivery-terms-text.ts';
import { insertProduct, renameProduct } from '../modules/catalog/test-products.ts';
import { PORTLAND_DELIVERY, SATURDAY_MARKET, ZONE } from '../modules/checkout/fulfilment-fixtures.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { createUser } from '../test/users.ts';

/**
 * What a browser or a crawler gets before any script runs (issue 16, item 2): the page rendered on the server with its
 * data, from the web build's own renderer; the plain app when the render fails.
 */
let webDir: string;
let t: TestContext;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-ssr-web-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', webDir, '--logLevel', 'error']);
  // Kept pages and catalog reads live a minute here: only the catalog change can make a new render show an edit.
  t = await createTestApp({ CATALOG_CACHE_MS: '60000', PUBLIC_URL: 'https://shop.example.com' }, webDir);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as object;

describe('a server-rendered page', () => {
  it("holds the product's name, price, title and Product data in the HTML, and its data for the browser", async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const id = await insertProduct(t, vendor.id, { name: 'Heirloom Carrots', productionCostCents: 250 });
    const product = (await t.app.inject({ url: `/api/singleProduct/${id}` })).json();
    const price = product.productPrice.toFixed(2);

    // A forged Host header changes nothing: links name the site's PUBLIC_URL.
    const res = await t.app.inject({ url: `/productDetails/${id}`, headers: { host: 'attacker.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const [head, body] = res.body.split('</head>');
    expect(head).toMatch(new RegExp(`<title>Heirloom Carrots from [^<]+, \\$${price} per kg · Farmstall</title>`));
    expect(head).toContain(`<link rel="canonical" href="https://shop.example.com/productDetails/${id}"/>`);
    expect(res.body).not.toContain('attacker.example');
    expect(head.match(/<title/g)).toHaveLength(1);
    expect(body).toMatch(/<h1[^>]*>Heirloom Carrots<\/h1>/);
    expect(body).toContain(`$${price}`);
    expect(jsonLd(body)).toMatchObject({
      '@type': 'Product',
      name: 'Heirloom Carrots',
      offers: { '@type': 'Offer', price, priceCurrency: 'USD' },
    });
    const data = JSON.parse(/<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(body)?.[1] ?? '{}');
    const queries = data.queries.queries.map((q: { queryKey: unknown }) => q.queryKey);
    expect(queries).toContainEqual(['products', 'one', id]);
  });

  it('gives the price of a product sold by weight per kg in its title, description and Product data', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const id = await insertProduct(t, vendor.id, {
      name: 'Chicken Drumsticks',
      category: 'proteins',
      unit: 'piece',
      soldByWeight: true,
      gramsPerPiece: 450,
      productionCostCents: 1000,
      profitMarginBp: 880,
    });
    const res = await t.app.inject({ url: `/productDetails/${id}` });
    const [head, body] = res.body.split('</head>');
    expect(head).toMatch(/<title>Chicken Drumsticks from [^<]+, \$10\.88 per kg · Farmstall<\/title>/);
    expect(head).toMatch(
      /<meta name="description" content="Chicken Drumsticks \(Proteins\) from [^"]+: \$10\.88 per kg\./,
    );
    expect(res.body).not.toMatch(/\$10\.88 each/);
    expect(jsonLd(body)).toMatchObject({
      offers: {
        price: '10.88',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: '10.88',
          priceCurrency: 'USD',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'KGM' },
        },
      },
    });
  });

  it("shows a vendor's edit on the next render (a kept page is dropped at a catalog change)", async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const id = await insertProduct(t, vendor.id, { name: 'Green Beans' });
    const heading = async () =>
      /<h1[^>]*>([^<]*)<\/h1>/.exec((await t.app.inject({ url: `/productDetails/${id}` })).body)?.[1];
    expect(await heading()).toBe('Green Beans');
    expect(await heading()).toBe('Green Beans');
    await renameProduct(t, vendor.auth, id, 'Runner Beans');
    await expect.poll(heading, { timeout: 5000 }).toBe('Runner Beans');
  });

  it('answers an unknown path 404 with the Not Found page rendered', async () => {
    const res = await t.app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page not found · Farmstall</title>');
    expect(res.body).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  });

  it('leaves the dashboard and the sign-in forms to the browser', async () => {
    for (const url of ['/login', '/signUp', '/dashboard/userHome']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("says on the home page's pickup and delivery card what the shops' settings charge", async () => {
    const farm = await createUser(t, { role: 'vendor' });
    const bakery = await createUser(t, { role: 'vendor' });
    for (const [vendor, settings] of [
      [farm, { pickupPoints: [SATURDAY_MARKET], delivery: PORTLAND_DELIVERY }],
      [bakery, { pickupPoints: [SATURDAY_MARKET] }],
    ] as const) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/shops/${vendor.id}/fulfilment`,
        headers: vendor.auth,
        payload: { timeZone: ZONE, ...settings },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const terms: DeliveryTerms = (await t.app.inject({ url: '/api/delivery-terms' })).json();
    const text = handoverText(terms);
    expect(text).toBe('Free pickup · delivery from $6.50 at 1 of 2 shops, free over $60');

    const home = (await t.app.inject({ url: '/' })).body;
    const card = /<h3[^>]*>Pickup &amp; delivery<\/h3><p[^>]*>([^<]*)<\/p>/.exec(home)?.[1];
    expect(card?.replaceAll('&amp;', '&')).toBe(text);
    expect(home).not.toMatch(/Free delivery|No delivery fee/i);
  });

  it('links the web app manifest, whose icons are served at the sizes it names', async () => {
    const home = (await t.app.inject({ url: '/' })).body.split('</head>')[0];
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(home).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: 'Farmstall', start_url: '/', display: 'standalone' });
    const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const file = await t.app.inject({ url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      const { width, height, format } = await sharp(file.rawPayload).metadata();
      expect(`${width}x${height} ${format}`).toBe(`${icon.sizes} png`);
    }
  });

  it('never serves the renderer itself', async () => {
    const res = await t.app.inject({ url: '/ssr/entry-server.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('createRenderer');
  });
});

describe('a render that fails', () => {
  it('sends the plain app (the browser renders the page), status as usual', async () => {
    const broken = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-ssr-broken-'));
    await fs.cp(webDir, broken, { recursive: true });
    await fs.writeFile(
      path.join(broken, 'ssr', 'entry-server.js'),
      "export const createRenderer = () => async () => { throw new Error('the render broke'); };\n",
    );
    const plain = await fs.readFile(path.join(webDir, 'index.html'), 'utf8');
    const other = await createTestApp({}, broken);
    try {
      const home = await other.app.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(plain);
      expect(home.body).toContain('<div id="root"></div>');
      expect((await other.app.inject({ url: '/no-such-page' })).statusCode).toBe(404);
    } finally {
      await other.close();
      await fs.rm(broken, { recursive: true, force: true });
    }
  });
});
