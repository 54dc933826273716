import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '#contract/api/index.ts';
import { APP_PATH_PATTERNS, PAGES } from '#contract/app-paths.ts';
import { createTestApp, type TestContext } from './test/app.ts';
import { dayFromToday } from './test/dates.ts';
import { createOrder, createReview, type TestProduct } from './test/factories.ts';
import { listApiRoutes, routeUrl } from './test/routes.ts';
import { createUser, type TestUser } from './test/users.ts';

/**
 * Costs, margins and vendors' e-mails stay private (issue 32, item 1; decision 050): every public GET route of the
 * route table (read from the contract, so a new route is walked by itself) and every public page rendered on the
 * server, with the sitemap and robots.txt, answered signed out and to another shopper, carries no vendor's e-mail, no
 * `productionCost` or `profitMargin` and no cost or margin figure, and no product or option (decision 052) in it
 * carries its cost, margin, pricing, own stock or shared pool; the vendor still reads its own.
 */
let webDir: string;
let t: TestContext;
let vendors: TestUser[];
let shopper: TestUser;
let reviewer: TestUser;
let product: { _id: string; productName: string; productCategory: string };
let planId: string;
/** The plan's pickup time, for the quote of subscribing to it. */
let planWindowId: string;

/** A product as the vendor's form sends it, priced by the spec's cost and margin unless told otherwise. */
const listing = (name: string, extra: object = {}) => ({
  productName: name,
  productDetails: `${name}, picked this morning`,
  productCategory: 'vegetable',
  productQuantity: 40,
  productionCost: 21,
  profitMargin: 30,
  productManufacturingDate: dayFromToday(-1),
  productExpireDate: dayFromToday(60),
  productImage: '/uploads/00000000-0000-4000-8000-000000000000.webp',
  ...extra,
});

async function list(vendor: TestUser, body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: vendor.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(`listing failed: ${res.body}`);
  return res.json().product as { _id: string; productName: string; productCategory: string; productPrice: number };
}

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-privacy-web-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', webDir, '--logLevel', 'error']);
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' }, webDir);
  vendors = [
    await createUser(t, { role: 'vendor', name: 'Willow Grower' }),
    await createUser(t, { role: 'vendor', name: 'Creek Dairy' }),
  ];
  shopper = await createUser(t, { name: 'Other Shopper' });
  reviewer = await createUser(t, { name: 'Bea Buyer' });
  product = await list(vendors[0], listing('Heirloom Tomatoes'));
  await list(vendors[0], listing('Rainbow Chard', { productionCost: 3.4, profitMargin: 55 }));
  // Typed prices, with a cost and without one.
  await list(vendors[0], listing('Purple Carrots', { pricing: 'price', productPrice: 4.5, productionCost: 2.25 }));
  await list(
    vendors[1],
    listing('Raw Milk', { productCategory: 'milk', pricing: 'price', productPrice: 6, productionCost: null }),
  );
  // Near its expiry with a markdown: on the "Last chance" shelf.
  await list(
    vendors[1],
    listing('Farm Butter', {
      productCategory: 'milk',
      productExpireDate: dayFromToday(2),
      markdownPercent: 30,
      markdownDays: 3,
    }),
  );
  // Sizes (decision 052): each with its own cost and margin, from one shared pool, and with their own stock.
  await list(
    vendors[0],
    listing('Pasture Eggs', {
      productCategory: 'milk',
      stockShared: true,
      options: [
        { label: 'Half dozen', productionCost: 2.1, profitMargin: 40, draws: 6 },
        { label: 'Dozen', pricing: 'price', productPrice: 6.5, productionCost: 3.9, draws: 12 },
      ],
    }),
  );
  await list(
    vendors[1],
    listing('Heirloom Tomato Jam', {
      productCategory: 'sweet',
      options: [
        { label: '250 g jar', pricing: 'price', productPrice: 7, productionCost: 2.6, stock: 4 },
        { label: '500 g jar', productionCost: 4.2, profitMargin: 120, stock: 3 },
      ],
    }),
  );
  const sold: TestProduct = { id: product._id, name: product.productName, priceCents: 2730, vendor: vendors[0] };
  await createOrder(t, reviewer, [{ product: sold, amount: 1 }]);
  await createReview(t, { id: product._id }, reviewer, 5, 'Sweet and juicy');
  // A subscription plan of the first shop (decision 065), whose reads and page are walked too.
  const settings = await t.app.inject({
    method: 'PUT',
    url: `/api/shops/${vendors[0].id}/fulfilment`,
    headers: vendors[0].auth,
    payload: {
      timeZone: 'UTC',
      pickupPoints: [
        {
          name: 'Farm gate',
          address: '1 Willow Lane',
          windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', capacity: 10 }],
        },
      ],
    },
  });
  const plan = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${vendors[0].id}/subscription-plans`,
    headers: vendors[0].auth,
    payload: {
      name: 'Tomato box',
      kind: 'box',
      boxValue: 20,
      boxContents: 'Heirloom Tomatoes',
      frequency: 'weekly',
      billing: 'per_delivery',
      windowIds: [settings.json().pickupPoints[0].windows[0].id],
    },
  });
  if (plan.statusCode !== 201) throw new Error(`plan failed: ${plan.body}`);
  planId = plan.json().id;
  planWindowId = settings.json().pickupPoints[0].windows[0].id;
}, 300_000);

afterAll(async () => {
  await t?.close();
  if (webDir) await fs.rm(webDir, { recursive: true, force: true });
});

/**
 * What must never be in a body a shopper reads: each vendor's e-mail (its local part too, so no encoding of the @
 * hides it), the private fields' names, and the cost and margin figures as their JSON has them.
 */
function leaks(body: string): string[] {
  const secrets = [
    ...vendors.flatMap((vendor) => [vendor.email, vendor.email.split('@')[0]]),
    'productionCost',
    'profitMargin',
    'production_cost',
    'profit_margin',
    '"pricing"',
    '"shopEmail"',
  ];
  return secrets.filter((secret) => body.toLowerCase().includes(secret.toLowerCase()));
}

/** The fields of a product, and of each of its options, that only its vendor reads (decision 050, 052). */
const PRIVATE_PRODUCT_KEYS = ['email', 'productionCost', 'profitMargin', 'pricing', 'stockShared', 'pool'];
const PRIVATE_OPTION_KEYS = ['productionCost', 'profitMargin', 'pricing', 'stock'];

/**
 * The private fields found on the products a JSON body holds (anything with `_id` and `productName`, at any depth),
 * on their options (the product page) and on what a card shows of its sizes (lists); counts the options and cards it
 * checked.
 */
function privateFields(body: string, found: { options: number; cards: number }): string[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  const leaked: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if ('_id' in record && 'productName' in record) {
      leaked.push(...PRIVATE_PRODUCT_KEYS.filter((key) => key in record));
      for (const option of (record.options ?? []) as Record<string, unknown>[]) {
        found.options += 1;
        leaked.push(...PRIVATE_OPTION_KEYS.filter((key) => key in option).map((key) => `options[].${key}`));
      }
      const sizes = record.sizes as { from: Record<string, unknown> } | undefined;
      if (sizes) {
        found.cards += 1;
        leaked.push(...PRIVATE_OPTION_KEYS.filter((key) => key in sizes.from).map((key) => `sizes.from.${key}`));
      }
    }
    for (const item of Object.values(record)) walk(item);
  };
  walk(json);
  return leaked;
}

/** A realistic value for each path parameter of a public route: a new parameter name fails here until it has one. */
function paramsOf(routePath: string): Record<string, string> {
  const names = [...routePath.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
  return Object.fromEntries(
    names.map((name) => {
      const shopRoute = /shop/i.test(routePath.split(`:${name}`)[0]);
      const value: Record<string, string | undefined> = {
        id: routePath.startsWith('/subscription-plans/') ? planId : shopRoute ? vendors[0].id : product._id,
        productId: product._id,
        shopId: vendors[0].id,
        postcode: '97031',
      };
      if (value[name] === undefined) throw new Error(`${routePath}: no test value for :${name}`);
      return [name, value[name] as string];
    }),
  );
}

/** Realistic query fields by name (what the shop's pages send); others are left out. */
const QUERY_VALUES: Record<string, string> = {
  q: 'tomatoes',
  category: 'vegetable',
  productCategory: 'vegetable',
  shop: '',
  near: '97031',
  windowId: '',
  startsOn: new Date().toISOString().slice(0, 10),
};

const callers = () => [
  { name: 'signed out', headers: {} as Record<string, string> },
  { name: 'another shopper', headers: shopper.auth as Record<string, string> },
];

describe('public reads carry no cost, margin or vendor e-mail', () => {
  it('walks every public GET route of the route table, signed out and as another shopper', async () => {
    const documented = new Map(listApiRoutes(t.app).map((route) => [`${route.method} ${route.path}`, route]));
    const publicReads = API_ROUTES.filter((route) => route.access.allow === 'public' && route.method === 'GET');
    expect(publicReads.length).toBeGreaterThan(20);
    let productBodies = 0;
    const checked = { options: 0, cards: 0 };
    for (const route of publicReads) {
      const params = paramsOf(route.path);
      const names = Object.keys(documented.get(`GET /api${route.path}`)?.query ?? {});
      const query = Object.fromEntries(
        names
          .filter((name) => name in QUERY_VALUES)
          .map((name) => [
            name,
            name === 'shop' ? vendors[0].id : name === 'windowId' ? planWindowId : QUERY_VALUES[name],
          ]),
      );
      // The whole listing and the product's own category, with and without the shopper's place.
      const queries = names.length ? [{}, query] : [{}];
      let answered = false;
      for (const q of queries) {
        const url = routeUrl(
          { method: 'GET', path: `/api${route.path}`, params: {}, query: {}, body: undefined },
          params,
          q,
        );
        for (const caller of callers()) {
          const res = await t.app.inject({ url, headers: caller.headers });
          expect(res.statusCode, `${caller.name} GET ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expect(leaks(res.body), `${caller.name} GET ${url}`).toEqual([]);
          expect(privateFields(res.body, checked), `${caller.name} GET ${url}`).toEqual([]);
          answered ||= res.statusCode === 200;
          if (res.body.includes(product._id) || res.body.includes('Heirloom Tomatoes')) productBodies += 1;
        }
      }
      // A JSON read answered for real (a page, a redirect or a file may answer otherwise without its own input).
      if (route.response) expect(answered, `GET ${route.path} never answered 200`).toBe(true);
    }
    // The walk read the products for real: lists, aliases, search, deals, the product page, its reviews.
    expect(productBodies).toBeGreaterThan(20);
    // And their sizes: the product page its options, every list its cards (decision 052).
    expect(checked.options).toBeGreaterThan(1);
    expect(checked.cards).toBeGreaterThan(40);
  });

  it('renders every public page, the sitemap and robots.txt without them, signed out and as another shopper', async () => {
    const pages = APP_PATH_PATTERNS.filter((pattern) => !pattern.startsWith(`/${PAGES.dashboard}`)).map((pattern) =>
      pattern
        .replace('/productDetails/:id', `/productDetails/${product._id}`)
        .replace('/shopDetails/:id', `/shopDetails/${vendors[0].id}`)
        .replace('/subscriptions/:id', `/subscriptions/${planId}`)
        .replace('/category/:value', `/category/${product.productCategory}`),
    );
    expect(
      pages.every((page) => !page.includes(':')),
      pages.join(' '),
    ).toBe(true);
    const urls = [...pages, '/search?q=tomatoes', '/sitemap.xml', '/robots.txt'];
    let rendered = 0;
    for (const url of urls) {
      for (const caller of callers()) {
        const res = await t.app.inject({ url, headers: { ...caller.headers, accept: 'text/html' } });
        expect(res.statusCode, `${caller.name} ${url}`).toBe(200);
        expect(leaks(res.body), `${caller.name} ${url}`).toEqual([]);
        if (res.body.includes('Heirloom Tomatoes')) rendered += 1;
      }
    }
    // The product, shop, category, search and home pages rendered the products on the server.
    expect(rendered).toBeGreaterThanOrEqual(8);
    const page = await t.app.inject({ url: `/productDetails/${product._id}` });
    expect(page.body).toContain('application/ld+json');
    expect(page.body).toContain('27.30');
  });

  it('still gives the vendor its cost and margin on its own list', async () => {
    const res = await t.app.inject({
      url: `/api/products/vendor?email=${encodeURIComponent(vendors[0].email)}`,
      headers: vendors[0].auth,
    });
    expect(res.statusCode).toBe(200);
    const own = res.json() as { productName: string; productionCost: number | null; profitMargin: number | null }[];
    expect(own.find((p) => p.productName === 'Heirloom Tomatoes')).toMatchObject({
      email: vendors[0].email,
      productionCost: 21,
      profitMargin: 30,
      productPrice: 27.3,
      pricing: 'costAndMargin',
    });
    expect(own.find((p) => p.productName === 'Pasture Eggs')).toMatchObject({
      stockShared: true,
      pool: 40,
      options: [
        { label: 'Half dozen', productionCost: 2.1, profitMargin: 40, pricing: 'costAndMargin', stock: null },
        { label: 'Dozen', productionCost: 3.9, profitMargin: 66.67, pricing: 'price', stock: null },
      ],
    });
    expect(own.find((p) => p.productName === 'Purple Carrots')).toMatchObject({
      productionCost: 2.25,
      profitMargin: 100,
      productPrice: 4.5,
      pricing: 'price',
    });
    const other = await t.app.inject({
      url: `/api/products/vendor?email=${encodeURIComponent(vendors[0].email)}`,
      headers: vendors[1].auth,
    });
    expect(other.statusCode).toBe(403);
  });
});
