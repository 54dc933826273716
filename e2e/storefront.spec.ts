import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { firstPrice, shot } from './helpers.ts';

const CUSTOMER = { email: 'customer@farmstall.example', password: 'Customer#2026!' };
const VENDOR = { email: 'vendor@farmstall.example', password: 'Vendor#2026!' };
const PICTURE = fileURLToPath(new URL('../node_modules/@lobehub/fluent-emoji-3d/assets/1f955.webp', import.meta.url));

/**
 * Signs the browser in through the API (refresh cookie in the context, access token in the pages' storage) and opens
 * `from`: signing in through the form is accounts.spec.ts's journey, and here it cost a page and a form a sign-in.
 */
async function signIn(page: Page, account: { email: string; password: string }, from: string) {
  const response = await page.request.post('/api/jwt', { data: account });
  expect(response.ok(), `sign in as ${account.email}: ${await response.text()}`).toBe(true);
  const { token } = await response.json();
  await page.context().addInitScript((value) => {
    if (!localStorage.getItem('access-token')) localStorage.setItem('access-token', value);
  }, token);
  await page.goto(from);
}

const pricesOf = async (page: Page) =>
  (
    await page
      .getByRole('list', { name: /products$/ })
      .locator('article .text-primary.font-bold')
      .allTextContents()
  ).map(firstPrice);

test('home: the banner advances by itself, category cards link to their pages, popular products filter', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Fresh Vegetables Big Discount' })).toBeVisible();
  // The slide shown is the one in view: the others lie beside it, outside the row's edges.
  const first = page.getByRole('group', { name: '1 of 2' });
  const second = page.getByRole('group', { name: '2 of 2' });
  await expect(first).toContainText('Fresh Vegetables Big Discount');
  await expect(first).toBeInViewport({ ratio: 0.9 });
  // Autoplay every 2 s moves to the second slide, also after the user clicked a dot.
  await expect(second).toContainText("Don't miss amazing grocery deals");
  await expect(second).toBeInViewport({ ratio: 0.9, timeout: 5000 });
  await expect(first).not.toBeInViewport();
  await page.getByRole('button', { name: 'Go to slide 1' }).click();
  await expect(first).toBeInViewport({ ratio: 0.9 });
  await expect(second).toBeInViewport({ ratio: 0.9, timeout: 5000 });
  await page.getByRole('button', { name: 'Next slide' }).click();
  await checkA11y(page);

  await expect(page.getByRole('heading', { name: 'Deals of the day' })).toBeVisible();
  // The shelf's own items (each card also lists its dietary labels).
  await expect(page.getByRole('list', { name: 'Deals of the day' }).locator(':scope > li')).toHaveCount(3);
  await expect(page.getByRole('timer').first()).toContainText('Days');

  const popular = page.getByRole('list', { name: 'Popular products' });
  await expect(popular.locator(':scope > li').first()).toBeVisible();
  expect(await popular.locator(':scope > li').count()).toBeLessThanOrEqual(10);
  await page.getByRole('button', { name: 'Milks and Dairies' }).click();
  await expect(page.getByRole('button', { name: 'Milks and Dairies' })).toHaveAttribute('aria-pressed', 'true');
  await expect(popular.getByText('Milks and Dairies').first()).toBeVisible();
  await expect(popular.locator('article p.text-xs').filter({ hasNotText: 'Milks and Dairies' })).toHaveCount(0);

  await page
    .getByRole('region', { name: 'Browse All Category' })
    .getByRole('link', { name: 'Milks and Dairies' })
    .click();
  await expect(page).toHaveURL(/\/milkProducts$/);
  await expect(page.getByRole('heading', { name: 'Milks and Dairies', level: 1 })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Vegetables' }).first().click();
  await expect(page).toHaveURL(/\/vegetableProducts$/);
});

test('category page: count, cards and the price sort in both directions', async ({ page }) => {
  await page.goto('/vegetableProducts');
  await expect(page.getByText(/We found \d+ items for you!/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vegetables products' }).getByText('By:').first()).toBeVisible();
  await page.getByLabel('Sort products').selectOption({ label: 'Price: Low to High' });
  await expect
    .poll(async () => {
      const prices = await pricesOf(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
    })
    .toBe(true);
  await page.getByLabel('Sort products').selectOption({ label: 'Price: High to Low' });
  await expect
    .poll(async () => {
      const prices = await pricesOf(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] >= p);
    })
    .toBe(true);
  await checkA11y(page);
  await page.goto('/category/grains');
  await expect(page.getByRole('heading', { name: 'Grains', level: 1 })).toBeVisible();
});

test('search: a typo still finds the product, suggestions appear while typing, nonsense gets help', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search for item' });
  await box.fill('heirlom');
  await expect(page.getByRole('option', { name: /Heirloom Tomatoes/ })).toBeVisible();
  await box.fill('heirlom tomatos');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=heirlom/);
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Heirloom Tomatoes' }).first(),
  ).toBeVisible();
  await checkA11y(page);
  await page.goto('/search?q=zzqxv');
  await expect(page.getByText('Nothing matches “zzqxv”.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Milks and Dairies' })).toBeVisible();
});

test('shops: the search box filters the list and Visit Store opens the shop with its products', async ({ page }) => {
  await page.goto('/shopList');
  await expect(page.getByRole('heading', { name: 'Green Valley Farm' })).toBeVisible();
  await page.getByLabel('Search shops').fill('meadow');
  await expect(page.getByRole('heading', { name: 'Meadow Creek Dairy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Green Valley Farm' })).toHaveCount(0);
  await checkA11y(page);
  await page.getByRole('link', { name: 'Visit Store: Meadow Creek Dairy' }).click();
  await expect(page.getByRole('heading', { name: 'Meadow Creek Dairy', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Meadow Creek Dairy products' }).getByRole('listitem').first(),
  ).toBeVisible();
});

test('product page: details, stepper to the stock, and a review by a buyer it was delivered to, then edited', async ({
  page,
}) => {
  await page.goto('/search?q=Jersey%20Whole%20Milk');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('link', { name: 'Jersey Whole Milk' })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Jersey Whole Milk', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Milks and Dairies');
  await expect(page.getByText('liter').first()).toBeVisible();
  await page.getByRole('button', { name: 'One more' }).click();
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await checkA11y(page);
  const productUrl = page.url();

  // The demo customer's order of Jersey Whole Milk was delivered, so they may review it, once.
  await signIn(page, CUSTOMER, new URL(productUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Add a Review' })).toBeVisible();
  const text = `Creamy and fresh ${Date.now()}`;
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByLabel('Your review').fill(text);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Successfully added your comments')).toBeVisible();
  const reviews = page.getByRole('list', { name: 'Customer reviews' });
  await expect(reviews.getByText(text)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add a Review' })).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'b2-your-review');

  // Edit: the form comes back filled in; the update replaces the review instead of adding one.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Your review')).toHaveValue(text);
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel('Your review').fill(`${text}, even better the second week`);
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByText('Your review has been updated')).toBeVisible();
  await expect(reviews.getByText(`${text}, even better the second week`)).toBeVisible();
  await expect(reviews.getByText('Sam Shopper')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  // A product whose order is still pending: the page says why instead of showing the form.
  await page.goto('/search?q=Heirloom%20Tomatoes');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('link', { name: 'Heirloom Tomatoes' })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Heirloom Tomatoes', level: 1 })).toBeVisible();
  await expect(
    page.getByText('You can review this product once an order of it has been delivered to you'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'b2-not-delivered');
});

test('vendor: adds a product with a picture, sees it in its category, edits its stock, deletes it', async ({
  page,
}) => {
  await signIn(page, VENDOR, '/dashboard/addProduct');
  const name = `Purple Carrots ${Date.now()}`;
  await expect(page.getByRole('heading', { name: 'Add a product' })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Vegetables' });
  await expect(page.getByText('Sold by the kg')).toBeVisible();
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Product Quantity').fill('12');
  await page.getByLabel('Product Description').fill('Sweet purple carrots, pulled this morning.');
  await page.getByLabel('Production Cost ($)').fill('2');
  await page.getByLabel('Profit Margin(%)').fill('25');
  await expect(page.getByText('$2.50')).toBeVisible();
  await page.getByLabel('Manufacturing Date').fill('2026-01-05');
  await page.getByLabel('Expire Date').fill(dayFromToday(365));
  await page.getByLabel('Product Image').setInputFiles(PICTURE);
  await expect(page.getByRole('img', { name: 'Uploaded product' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(`${name} is added in the products list!`)).toBeVisible();

  // The 5th product fills the normal membership: the form gives way to the limit message.
  await expect(
    page.getByText(
      'You are not able to add more products. For add unlimited products, become a premium vendor member.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/dashboard/payment');

  await page.goto('/vegetableProducts');
  await page.getByLabel('Sort products').selectOption({ label: 'Price: Low to High' });
  await expect(page.getByRole('link', { name })).toBeVisible();

  await page.goto('/dashboard/vendorProduct');
  await expect(page.getByRole('heading', { name: 'Total Products: 5' })).toBeVisible();
  await checkA11y(page);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('12 kg');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Product Quantity').fill('30');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('30 kg');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Your post has been deleted')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Total Products: 4' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
