import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';
import { signInWith, tokenOf, unique } from './helpers.ts';

/** Issue 14, item 5: one click adds one, the cart edits quantities up to the stock, only shoppers see Add. */

const PASSWORD = 'Shopper#2026!';
const VENDOR = { email: 'vendor@farmstall.example', password: 'Vendor#2026!' };

type Product = {
  _id: string;
  productName: string;
  productQuantity: { value: number };
  expired: boolean;
  sizes: { count: number };
};
type Line = { _id: string; productId: string; amount: number };

/** A customer of this test's own (journeys run in parallel and must not share a cart), signed in in the page. */
async function signInNewCustomer(page: Page, name: string) {
  const account = { email: `${unique(name.toLowerCase())}@example.com`, password: PASSWORD };
  expect((await page.request.post('/api/users', { data: { name, ...account } })).ok()).toBe(true);
  const token = await tokenOf(page.request, account);
  await signInWith(page, token);
  return { ...account, token };
}

async function cartOf(request: APIRequestContext, shopper: { email: string; token: string }): Promise<Line[]> {
  const response = await request.get(`/api/carts?email=${encodeURIComponent(shopper.email)}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

/** What a price says it is for: "per kg", "each", "per bunch", or a unit price ("· $35.00/kg"; decision 053). */
const UNIT_PRICE = /( (per [\w ]+|each)| · \$[\d.,]+(\/kg|\/l|\/lb| each))$/;

/** Demo products with a few units in stock (their names are unique in the demo catalog). */
async function productsInStock(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/allProducts?limit=60');
  const products = (await response.json()) as Product[];
  return products.filter(
    (p) => p.productQuantity.value >= 5 && p.productQuantity.value <= 200 && !p.expired && p.sizes.count === 1,
  );
}

const cardAdd = (page: Page, product: Product) =>
  page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: `Add ${product.productName} to cart` })
    .first();

test('one click adds one, even double-clicked or when the answer is lost, and the badge counts items', async ({
  page,
}) => {
  const shopper = await signInNewCustomer(page, 'Dora');
  const [product] = await productsInStock(page.request);
  await page.goto(`/search?q=${encodeURIComponent(product.productName)}`);
  await expect(cardAdd(page, product)).toBeVisible();

  // A slow answer: the second click of a double-click comes while the first add is still on its way.
  let posts = 0;
  await page.route('**/api/carts', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await cardAdd(page, product).dblclick();
  await expect(page.locator('.Toastify').getByText(`${product.productName} is added to your cart`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
  expect(posts).toBe(1);
  expect((await cartOf(page.request, shopper)).map((line) => line.amount)).toEqual([1]);

  // The add reaches the server but its answer is lost: the page asks again with the same click id, adding nothing.
  await page.unroute('**/api/carts');
  const seen: string[] = [];
  await page.route('**/api/carts', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    seen.push(route.request().postDataJSON().requestId);
    if (seen.length === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await cardAdd(page, product).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items', exact: true })).toBeVisible();
  expect(seen).toHaveLength(2);
  expect(seen[1]).toBe(seen[0]);
  expect((await cartOf(page.request, shopper)).map((line) => line.amount)).toEqual([2]);
});

test('the cart edits quantities with − / + and by typing, up to the stock, also on a 320 px phone', async ({
  page,
}) => {
  const shopper = await signInNewCustomer(page, 'Ezra');
  const [first, second] = await productsInStock(page.request);
  for (const product of [first, second]) {
    const added = await page.request.post('/api/carts', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: { productId: product._id, amount: 1 },
    });
    expect(added.ok()).toBe(true);
  }
  const stock = first.productQuantity.value;

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/dashboard/userCart');
  const line = page.getByRole('article', { name: first.productName });
  const box = line.getByRole('textbox', { name: `Quantity of ${first.productName}` });
  await expect(box).toHaveValue('1');
  // The stock in the product's units ("12 kg in stock", "40 jars in stock"; decision 053).
  await expect(line.getByText(new RegExp(`^${stock} .+ in stock$`))).toBeVisible();
  await expect(line.getByText(UNIT_PRICE)).toBeVisible();
  await expect(line.getByRole('button', { name: `Remove ${first.productName}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await line.getByRole('button', { name: `One more ${first.productName}` }).click();
  await line.getByRole('button', { name: `One more ${first.productName}` }).click();
  await expect(box).toHaveValue('3');
  await expect(page.getByRole('link', { name: 'Cart, 4 items', exact: true })).toBeVisible();

  // Typing more than the stock stops at the stock, and + is off there.
  await box.fill('999');
  await box.press('Enter');
  await expect(box).toHaveValue(String(stock));
  await expect(line.getByRole('button', { name: `One more ${first.productName}` })).toBeDisabled();
  await expect(page.getByRole('link', { name: `Cart, ${stock + 1} items`, exact: true })).toBeVisible();
  await line.getByRole('button', { name: `One less ${first.productName}` }).click();
  await expect(box).toHaveValue(String(stock - 1));
  await expect
    .poll(async () => (await cartOf(page.request, shopper)).find((l) => l.productId === first._id)?.amount)
    .toBe(stock - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await checkA11y(page);

  // The server checks too: more than the stock is refused with a clear message.
  const [cartLine] = (await cartOf(page.request, shopper)).filter((l) => l.productId === first._id);
  const over = await page.request.patch(`/api/carts/${cartLine._id}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { amount: stock + 1 },
  });
  expect(over.status()).toBe(409);
  expect((await over.json()).error.message).toBe(`Only ${stock} of ${first.productName} in stock`);

  // On a wide screen the same line is a table row with the same stepper.
  await page.setViewportSize({ width: 1366, height: 900 });
  const row = page.getByRole('region', { name: 'Cart table' }).getByRole('row').filter({ hasText: second.productName });
  await row.getByRole('button', { name: `One more ${second.productName}` }).click();
  await expect(row.getByRole('textbox', { name: `Quantity of ${second.productName}` })).toHaveValue('2');
  await expect(page.getByRole('link', { name: `Cart, ${stock + 1} items`, exact: true })).toBeVisible();
});

test('vendors see no Add on cards or the product page; visitors are asked to sign in', async ({ page }) => {
  const [product] = await productsInStock(page.request);
  await page.goto(`/search?q=${encodeURIComponent(product.productName)}`);
  await cardAdd(page, product).click();
  await expect(page.getByRole('heading', { name: 'You are not login' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signInWith(page, await tokenOf(page.request, VENDOR));
  await page.goto(`/search?q=${encodeURIComponent(product.productName)}`);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Search results' }).getByText(UNIT_PRICE).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add .* to cart$/ })).toHaveCount(0);

  await page.goto(`/productDetails/${product._id}`);
  await expect(page.getByRole('heading', { name: product.productName, level: 1 })).toBeVisible();
  await expect(page.getByText('Sign in as a shopper to buy.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Quantity' })).toHaveCount(0);
});
