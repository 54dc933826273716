import type { Page } from '@playwright/test';
import { expect, test, withTestClock } from './fixtures.ts';
import { firstPrice, registerCustomer } from './helpers.ts';

/**
 * Issue 16, item 2: a public page comes rendered by the server with its data; the browser takes it over (hydrates)
 * without a console error and without asking the API for what the page already holds, then works as before.
 */

type Product = {
  _id: string;
  productName: string;
  shopId: string;
  shopName: string;
  productQuantity: { value: number };
  expired: boolean;
  /** Its sizes (decision 052): a card with several links to the picker instead of adding. */
  sizes: { count: number };
};

test("a shopper's product page: the server's HTML has the product, hydration logs nothing, Add to Cart works", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  const products = (await (await page.request.get('/api/allProducts?limit=60')).json()) as Product[];
  const product = products.find((p) => p.productQuantity.value >= 5 && !p.expired && p.sizes.count === 1) as Product;

  const html = await (await page.request.get(`/productDetails/${product._id}`)).text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${product.productName}</h1>`));
  expect(html).toContain('id="ssr-data"');

  const { token } = await registerCustomer(page.request, 'hydra', { name: 'Hydra' });
  await page.goto('/about');
  await page.evaluate((value) => localStorage.setItem('access-token', value), token);

  const productReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/singleProduct/')) productReads.push(request.url());
  });
  await page.goto(`/productDetails/${product._id}`);
  // The server rendered it as a visitor; once hydrated, the session is the shopper's.
  await expect(page.getByRole('button', { name: 'Account menu of Hydra' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(productReads, 'the product the page holds is not asked again').toEqual([]);
  expect(problems, 'console errors and warnings').toEqual([]);
});

test('without JavaScript the home, a category, a shop and a product page show their content', async ({ browser }) => {
  const context = await withTestClock(await browser.newContext({ javaScriptEnabled: false }));
  const page = await context.newPage();
  const products = (await (await page.request.get('/api/allProducts?limit=20')).json()) as Product[];
  const [product] = products;

  await page.goto(`/productDetails/${product._id}`);
  await expect(page.getByRole('heading', { name: product.productName, level: 1 })).toBeVisible();
  await page.goto(`/shopDetails/${product.shopId}`);
  await expect(page.getByRole('heading', { name: product.shopName, level: 1 })).toBeVisible();
  await page.goto('/fruitProducts');
  await expect(page.getByRole('heading', { name: 'Fresh Fruit', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: /products/i })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Browse All Category' })).toBeVisible();
  await context.close();
});

/**
 * Holds the page's scripts back until the returned function is called, as on a slow phone: all of them, or only the
 * page's own route chunk (`page`: the app has started, then waits for that chunk before it hydrates).
 */
async function holdScripts(page: Page, pageChunk?: string): Promise<() => void> {
  await page.unrouteAll();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pageChunk ? `**/assets/${pageChunk}-*.js` : /\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("what a shopper does before the page's code has run is kept: typed filters, a chosen sort, Enter in the bar", async ({
  page,
}) => {
  const bar = page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Search for item' });

  let release = await holdScripts(page);
  await page.goto('/shopList', { waitUntil: 'commit' });
  await expect(bar, "once the styles apply, the phone menu's box is hidden").toHaveCount(1);
  await page.getByLabel('Search shops').fill('bakry');
  await bar.fill('chees');
  release();
  await expect(page.getByRole('heading', { name: 'Hearth & Grain Bakery' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Green Valley Farm' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: /Grass-Fed Cheeseburger/ })).toBeVisible();

  release = await holdScripts(page);
  await page.goto('/vegetableProducts', { waitUntil: 'commit' });
  await page.getByLabel('Sort products').selectOption({ label: 'Price: Low to High' });
  release();
  await expect
    .poll(async () => {
      const shown = page.getByRole('list', { name: 'Vegetables products' }).locator('article .text-primary.font-bold');
      const prices = (await shown.allTextContents()).map(firstPrice);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
    })
    .toBe(true);

  release = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(bar).toHaveCount(1);
  await bar.fill('chese');
  await bar.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=chese$/);
  release();
  await expect(page.getByRole('heading', { name: 'Results for “chese”', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cheese/ }).first()).toBeVisible();
  await expect(bar, 'the bar holds the search once the page has run').toHaveValue('chese');
});

test('a button pressed before the page has hydrated does its work once it has: a visitor is asked to sign in, a shopper adds', async ({
  page,
}) => {
  const products = (await (await page.request.get('/api/allProducts?limit=60')).json()) as Product[];
  const product = products.find((p) => p.productQuantity.value >= 5 && !p.expired && p.sizes.count === 1) as Product;

  let release = await holdScripts(page, 'SearchPage');
  await page.goto(`/search?q=${encodeURIComponent(product.productName)}`, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-app', 'starting');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: `Add ${product.productName} to cart` })
    .click();
  release();
  await expect(page.getByRole('heading', { name: 'You are not login' })).toBeVisible();
  await page.keyboard.press('Escape');

  const { token } = await registerCustomer(page.request, 'early', { name: 'Early' });
  await page.evaluate((value) => localStorage.setItem('access-token', value), token);
  release = await holdScripts(page, 'ProductDetailsPage');
  await page.goto(`/productDetails/${product._id}`, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-app', 'starting');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  release();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});
