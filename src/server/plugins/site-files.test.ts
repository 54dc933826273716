import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../modules/catalog/test-products.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { dayFromToday } from '../test/dates.ts';
import { createUser } from '../test/users.ts';
import { siteFilesPlugin } from './site-files.ts';

/** What search engines and browsers get outside the API: robots.txt, the sitemap, 404 for unknown pages. */
const page = '<!doctype html><html><head><title>Farmstall</title></head><body><div id="root"></div></body></html>';
const script = 'console.log("farmstall");\n';
const site = 'https://shop.example.com';

let t: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'assets', 'app-Zz12Yy34.js'), script);
  await fs.writeFile(path.join(webDir, 'index.html'), page);
  t = await createTestApp({ PUBLIC_URL: `${site}/` }, webDir);
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('robots.txt', () => {
  it('opens the public site, closes the dashboard and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /api']),
    );
    expect(lines).toContain(`Sitemap: ${site}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages, every category, listed shops and listed unexpired products, by absolute URL', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const outOfStock = await insertProduct(t, vendor.id, { stock: 0 });
    const deleted = await insertProduct(t, vendor.id, { listed: false });
    const expired = await insertProduct(t, vendor.id, { expiresOn: dayFromToday(-1) });

    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.body.trim().endsWith('</urlset>')).toBe(true);
    const urls = locs(res.body);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${site}/`,
        `${site}/about`,
        `${site}/contact`,
        `${site}/shopList`,
        `${site}/milkProducts`,
        `${site}/category/bakery`,
        `${site}/shopDetails/${vendor.id}`,
        `${site}/productDetails/${outOfStock}`,
      ]),
    );
    expect(urls).not.toContain(`${site}/productDetails/${deleted}`);
    expect(urls).not.toContain(`${site}/productDetails/${expired}`);
    expect(new Set(urls).size).toBe(urls.length);
    expect(res.body).toMatch(new RegExp(`${outOfStock}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });

  it('becomes an index of numbered files when there are more URLs than one file may hold', async () => {
    const small = Fastify();
    small.decorate('config', t.config);
    small.decorate('db', t.db);
    await small.register(siteFilesPlugin, { maxUrls: 10 });
    const all = locs((await t.app.inject({ url: '/sitemap.xml' })).body);

    const index = await small.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    expect(files).toEqual(Array.from({ length: Math.ceil(all.length / 10) }, (_, i) => `${site}/sitemap/${i + 1}.xml`));
    const parts = await Promise.all(files.map((file) => small.inject({ url: file.slice(site.length) })));
    expect(parts.map((part) => locs(part.body).length).every((n) => n <= 10)).toBe(true);
    expect(parts.flatMap((part) => locs(part.body))).toEqual(all);
    expect((await small.inject({ url: `/sitemap/${files.length + 1}.xml` })).statusCode).toBe(404);
    await small.close();
  });

  it('reads the catalog once for a burst of requests, not once per request', async () => {
    let selects = 0;
    const countingDb = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'select') selects += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const withPlugin = async () => {
      const app = Fastify();
      app.decorate('config', t.config);
      app.decorate('db', countingDb);
      await app.register(siteFilesPlugin);
      return app;
    };
    const alone = await withPlugin();
    await alone.inject({ url: '/sitemap.xml' });
    const oneReading = selects;
    expect(oneReading).toBeGreaterThan(0);
    await alone.close();

    selects = 0;
    const burst = await withPlugin();
    const answers = await Promise.all(Array.from({ length: 25 }, () => burst.inject({ url: '/sitemap.xml' })));
    expect(answers.every((answer) => answer.statusCode === 200 && answer.body === answers[0].body)).toBe(true);
    await burst.inject({ url: '/sitemap.xml' });
    expect(selects).toBe(oneReading);
    await burst.close();
  });
});

describe('pages and unknown paths', () => {
  it('answers an unknown path, category, product or shop with 404 and the app page (the app says it is not found)', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const deleted = await insertProduct(t, vendor.id, { listed: false });
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const missing = [
      '/no-such-page',
      '/productDetails',
      '/dashboard/nowhere',
      '/category/bakery/extra',
      '/category/nothing',
    ];
    for (const url of [
      ...missing,
      `/productDetails/${deleted}`,
      `/productDetails/${unknownId}`,
      '/productDetails/not-an-id',
      `/shopDetails/${unknownId}`,
      '/shopDetails/not-an-id',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(page);
    }
  });

  it('answers every app page with 200, deep dashboard pages and query strings included; assets are unaffected', async () => {
    const urls = ['/', '/about', '/shopList', '/milkProducts', '/category/bakery', '/search?q=milk'];
    const vendor = await createUser(t, { role: 'vendor' });
    const shown = [`/productDetails/${await insertProduct(t, vendor.id, { stock: 0 })}`, `/shopDetails/${vendor.id}`];
    for (const url of [...urls, ...shown, '/dashboard/userCart', '/dashboard/invoice/42', '/dashboard/review/p1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(page);
    }
    const asset = await t.app.inject({ url: '/assets/app-Zz12Yy34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(script);
    expect((await t.app.inject({ url: '/api/nowhere' })).json().error.code).toBeDefined();
  });
});
