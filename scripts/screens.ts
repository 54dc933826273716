/**
 * `npm run screens`: a visual review of the site. Screenshots of each role's main pages at phone (390×844) and
 * desktop (1366×900) width into docs/screens/, with docs/screens/README.md as their index, so that the next change
 * can be compared at a glance.
 *
 * It builds nothing: it starts the server (`node src/server/main.ts`, serving the web app already built in WEB_DIR,
 * by default dist/web) on a free loopback port (or PORT) with a fresh data folder (or DATA_DIR) and the demo seed,
 * puts two products in the demo customer's cart, and stops the server at the end. With `--base-url <url>` (or
 * SCREENS_BASE_URL) it photographs a server already running with the demo accounts instead, and changes nothing
 * there. Chromium (through Playwright's library): /usr/bin/chromium, or CHROMIUM_PATH.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '../docs/screens');
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
type Width = keyof typeof WIDTHS;

type Role = 'visitor' | 'customer' | 'vendor' | 'admin';
const LOGINS: Record<Exclude<Role, 'visitor'>, { email: string; password: string }> = {
  customer: { email: 'customer@farmstall.example', password: 'Customer#2026!' },
  vendor: { email: 'vendor@farmstall.example', password: 'Vendor#2026!' },
  admin: { email: 'admin@farmstall.example', password: 'Admin#2026!' },
};

/** What the pages need from the demo data: one product, one shop, and one of the customer's payments. */
type Ids = { product: string; shop: string; payment: string };
type Shot = { name: string; title: string; path: (ids: Ids) => string };

/** Each role's main pages, in the order of the index. */
const PAGES: Record<Role, Shot[]> = {
  visitor: [
    { name: 'home', title: 'Home', path: () => '/' },
    { name: 'category', title: 'Category (vegetables)', path: () => '/vegetableProducts' },
    { name: 'product', title: 'Product', path: (ids) => `/productDetails/${ids.product}` },
    { name: 'search', title: 'Search results (“milk”)', path: () => '/search?q=milk' },
    { name: 'shops', title: 'Shops', path: () => '/shopList' },
    { name: 'shop', title: 'Shop', path: (ids) => `/shopDetails/${ids.shop}` },
    { name: 'login', title: 'Sign in', path: () => '/login' },
  ],
  customer: [
    { name: 'home', title: 'Dashboard home', path: () => '/dashboard/userHome' },
    { name: 'cart', title: 'Cart', path: () => '/dashboard/userCart' },
    { name: 'checkout', title: 'Checkout', path: () => '/dashboard/userPayment' },
    { name: 'payments', title: 'Payment history', path: () => '/dashboard/userPaymentHistory' },
    { name: 'invoice', title: 'Invoice', path: (ids) => `/dashboard/invoice/${ids.payment}` },
  ],
  vendor: [
    { name: 'home', title: 'Dashboard home', path: () => '/dashboard/vendorHome' },
    { name: 'products', title: 'My products', path: () => '/dashboard/vendorProduct' },
    { name: 'add-product', title: 'Add a product', path: () => '/dashboard/addProduct' },
    { name: 'orders', title: 'Orders', path: () => '/dashboard/vendorOrder' },
    { name: 'sales', title: 'Sales', path: () => '/dashboard/vendorRevenue' },
  ],
  admin: [
    { name: 'home', title: 'Dashboard home', path: () => '/dashboard/adminHome' },
    { name: 'customers', title: 'Customers', path: () => '/dashboard/allCustomer' },
    { name: 'vendors', title: 'Vendors', path: () => '/dashboard/allVendor' },
    { name: 'coupons', title: 'Coupons', path: () => '/dashboard/coupons' },
    { name: 'reported-reviews', title: 'Reported reviews', path: () => '/dashboard/reportedReviews' },
  ],
};

const fileName = (role: Role, shot: Shot, width: Width) => `${role}-${shot.name}-${width}.jpg`;

/** A port nobody listens on, on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits until GET /api/health answers (the first start migrates and seeds the database: up to a few minutes). */
async function waitForHealth(baseUrl: string, server: ChildProcess, seconds = 240): Promise<void> {
  for (let i = 0; i < seconds * 2; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer on ${baseUrl} within ${seconds} s`);
}

/** Starts the server with a fresh data folder and the demo seed; `stop` ends it and removes the folder it made. */
async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
  const madeDir = process.env.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'farmstall-screens-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.DATA_DIR ?? madeDir ?? '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (madeDir) rmSync(madeDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A role's access token, from POST /api/jwt. */
async function signIn(baseUrl: string, role: Exclude<Role, 'visitor'>): Promise<string> {
  const { token } = await json<{ token: string }>(
    await fetch(`${baseUrl}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGINS[role]),
    }),
  );
  return token;
}

/** The ids the pages need, read from the API; with `fillCart`, two products go into the customer's cart first. */
async function readIds(baseUrl: string, customerToken: string, fillCart: boolean): Promise<Ids> {
  const auth = { authorization: `Bearer ${customerToken}` };
  const products = await json<{ items: { _id: string }[] }>(await fetch(`${baseUrl}/api/products?limit=3`));
  const shops = await json<{ _id: string }[]>(await fetch(`${baseUrl}/api/shops`));
  const email = LOGINS.customer.email;
  const payments = await json<{ items: { _id: string }[] }>(
    await fetch(`${baseUrl}/api/customerPayments/${encodeURIComponent(email)}`, { headers: auth }),
  );
  if (fillCart) {
    for (const [i, product] of products.items.slice(0, 2).entries()) {
      await json(
        await fetch(`${baseUrl}/api/carts`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ productId: product._id, amount: i + 1 }),
        }),
      );
    }
  }
  const [product, shop, payment] = [products.items[0], shops[0], payments.items[0]];
  if (!product || !shop || !payment) throw new Error('the demo data lacks a product, a shop or a payment');
  return { product: product._id, shop: shop._id, payment: payment._id };
}

/** Waits until the page has its data: no request under way, no loader showing, fonts and pictures in. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(
      () => !document.querySelector('.loading, .skeleton, progress:not([value]), [aria-busy="true"]'),
      null,
      {
        timeout: 10_000,
      },
    )
    .catch(() => console.warn(`  still loading after 10 s: ${page.url()}`));
  await page.evaluate(async () => {
    await document.fonts.ready;
    const onScreen = [...document.images].filter(
      (img) => !img.complete && img.getBoundingClientRect().top < innerHeight,
    );
    const loaded = onScreen.map((img) => new Promise((r) => img.addEventListener('load', r, { once: true })));
    await Promise.race([Promise.all(loaded), new Promise((r) => setTimeout(r, 5_000))]);
  });
}

/** Photographs one role's pages at both widths, signed in as the role (the token in local storage). */
async function shoot(browser: Browser, baseUrl: string, role: Role, ids: Ids, token: string | null): Promise<void> {
  for (const width of Object.keys(WIDTHS) as Width[]) {
    const context = await browser.newContext({ viewport: WIDTHS[width], reducedMotion: 'reduce' });
    if (token) await context.addInitScript((t) => localStorage.setItem('access-token', t), token);
    const page = await context.newPage();
    for (const shot of PAGES[role]) {
      await page.goto(`${baseUrl}${shot.path(ids)}`);
      await settle(page);
      const file = fileName(role, shot, width);
      await page.screenshot({ path: path.join(OUT_DIR, file), type: 'jpeg', quality: 60, animations: 'disabled' });
      console.log(`  ${file}`);
    }
    await context.close();
  }
}

/** docs/screens/README.md: a table per role (page, phone, desktop) of the pictures just taken. */
function writeIndex(): void {
  const cell = (file: string, alt: string, px: number) =>
    `<a href="${file}"><img src="${file}" alt="${alt}" width="${px}"></a>`;
  const sections = (Object.keys(PAGES) as Role[]).map((role) => {
    const rows = PAGES[role].map((shot) => {
      const title = `${role[0].toUpperCase()}${role.slice(1)}: ${shot.title}`;
      return `| ${shot.title} | ${cell(fileName(role, shot, 'phone'), `${title}, phone`, 130)} | ${cell(fileName(role, shot, 'desktop'), `${title}, desktop`, 300)} |`;
    });
    return [
      `## ${role[0].toUpperCase()}${role.slice(1)}`,
      '',
      '| Page | Phone (390×844) | Desktop (1366×900) |',
      '| --- | --- | --- |',
      ...rows,
    ].join('\n');
  });
  const text = [
    '# Visual review',
    '',
    'Each role’s main pages on the demo data, at phone and desktop width (the first screen of each page).',
    'Generated by `npm run screens` (see `scripts/screens.ts`); do not edit by hand. Regenerate after a change to the',
    'pages and compare the pictures in the diff.',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  writeFileSync(path.join(OUT_DIR, 'README.md'), text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'base-url': { type: 'string' } } });
  const given = values['base-url'] ?? process.env.SCREENS_BASE_URL;
  const server = given ? { baseUrl: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const { baseUrl } = server;
    const tokens = {
      customer: await signIn(baseUrl, 'customer'),
      vendor: await signIn(baseUrl, 'vendor'),
      admin: await signIn(baseUrl, 'admin'),
    };
    const ids = await readIds(baseUrl, tokens.customer, !given);
    mkdirSync(OUT_DIR, { recursive: true });
    for (const old of readdirSync(OUT_DIR).filter((f) => f.endsWith('.jpg'))) rmSync(path.join(OUT_DIR, old));
    for (const role of Object.keys(PAGES) as Role[]) {
      console.log(`${role}:`);
      await shoot(browser, baseUrl, role, ids, role === 'visitor' ? null : tokens[role]);
    }
    writeIndex();
    console.log(`Saved in ${path.relative(process.cwd(), OUT_DIR)} (index: README.md)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
