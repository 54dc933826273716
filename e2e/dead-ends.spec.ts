import type { Page, Route } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

/** The shop list page's own code chunk (Vite names it after the component, then a hash). */
const SHOP_LIST_CHUNK = '**/assets/ShopListPage-*.js';

/** Marks the document, so that a test can tell whether the page has reloaded since. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('data-before', 'yes'));
const documentMarked = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-before'));

test("a page whose code does not come reloads once by itself, then offers Reload and a way home, never React Router's developer screen", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Deals of the day' })).toBeVisible();
  await page.route(SHOP_LIST_CHUNK, (route) => route.abort('internetdisconnected'));
  await markDocument(page);
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This page could not load' })).toBeVisible();
  expect(await documentMarked(page), 'the page reloaded itself').toBe(false);
  expect(loads).toBe(1);
  await expect(page).toHaveURL(/\/shopList$/);
  await expect(page.getByText(/Hey developer|Unexpected Application Error/)).toHaveCount(0);

  // The way back works; coming back to the page that failed does not reload it again.
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page.getByRole('heading', { name: 'Deals of the day' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'This page could not load' })).toBeVisible();
  expect(loads).toBe(1);

  // Once the code can come again, Reload brings the page.
  await page.unroute(SHOP_LIST_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Our shops' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Green Valley Farm' })).toBeVisible();
});

test('offline, a request says "You are offline" at once instead of spinning, and the page recovers when back online', async ({
  page,
  context,
}) => {
  await page.goto('/shopList');
  await expect(page.getByRole('heading', { name: 'Green Valley Farm' })).toBeVisible();
  await hydrated(page);
  await context.setOffline(true);
  await page.getByLabel('Search shops').fill('meadow');
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  // Trying again while still offline says so again; nothing spins.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Meadow Creek Dairy' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toHaveCount(0);
});

test('offline, a button that sends something says so and can be pressed again', async ({ page, context }) => {
  await page.goto('/contact');
  await hydrated(page);
  await page.getByLabel('Name', { exact: true }).fill('Grace Buyer');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Phone').fill('+1 555 123 4567');
  await page.getByLabel('Subject').fill(`Offline question ${Date.now()}`);
  await page.getByLabel('Message', { exact: true }).fill('Do you deliver on Sundays?');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('You are offline. Check your connection, then try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
});

/**
 * The shop list, reached in the browser (the server renders a page with its data), while its requests `fail`: after
 * the spec's 3 retries (with their backoff) the page says `says`; once the requests go through again, its Try again
 * brings the shops.
 */
async function shopsFailThenRetry(page: Page, fail: (route: Route) => Promise<void>, says: string) {
  await page.route('**/api/shops**', fail);
  await page.goto('/about');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: says });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await page.unroute('**/api/shops**');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Green Valley Farm' })).toBeVisible();
  await expect(alert).toHaveCount(0);
}

test('a request the network drops says "You are offline", and Try again works once it goes through', async ({
  page,
}) => {
  await shopsFailThenRetry(page, (route) => route.abort('connectionreset'), 'You are offline');
});

test('a server error says "Something went wrong" with a retry that works', async ({ page }) => {
  const body = JSON.stringify({
    error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
  });
  await shopsFailThenRetry(
    page,
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body }),
    'Something went wrong',
  );
});

test('a slow navigation shows a progress bar at the top until the page is there', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Deals of the day' })).toBeVisible();
  // Before the app runs, a link is the browser's own (no bar to show); the bar is the app's.
  await hydrated(page);
  // Hold the next page's code back until the bar has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/AboutPage-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'What We Provide' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0);
});
