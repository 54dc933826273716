import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * Search on every page at every width (issue 14, item 6): on a phone the search box is in the ☰ menu, with its
 * suggestions, from inner pages too; shop search forgives typos.
 */

const CUSTOMER = { email: 'customer@farmstall.example', password: 'Customer#2026!' };

async function openPhoneSearch(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const box = page.getByRole('combobox', { name: 'Search for item' });
  await expect(box).toBeVisible();
  return box;
}

const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

test('phone: from the About page, the menu searches with a typo and shows the results', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('combobox')).toBeHidden();
  const box = await openPhoneSearch(page);
  await box.fill('strawbery');
  await expect(page.getByRole('option', { name: /Hood Strawberries/ })).toBeVisible();
  await noSidewaysScroll(page);
  await checkA11y(page);

  // Escape closes the suggestions, not the menu.
  await box.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(box).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=strawbery$/);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toHaveAccessibleName(
    'Hood Strawberries',
  );
  // The menu closed behind the search.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeHidden();
  await noSidewaysScroll(page);
});

test('phone: from a dashboard page, a suggestion chosen with the keyboard opens the shop', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Password').fill(CUSTOMER.password);
  await page.getByRole('button', { name: /^(Login|Sign in|Log in)$/i }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/dashboard/userPaymentHistory');
  const box = await openPhoneSearch(page);
  await box.fill('bakry');
  const shop = page.getByRole('option', { name: /Hearth & Grain Bakery/ });
  await expect(shop).toBeVisible();
  const options = page.getByRole('option');
  const index = (await options.allTextContents()).findIndex((text) => text.startsWith('Hearth & Grain Bakery'));
  for (let i = 0; i <= index; i++) await box.press('ArrowDown');
  await expect(shop).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await shop.getAttribute('id')) ?? '');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: 'Hearth & Grain Bakery', level: 1 })).toBeVisible();
});

test('desktop: the bar has the search box; the shop list forgives a typo', async ({ page }) => {
  await page.goto('/about');
  const box = page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Search for item' });
  await box.fill('cheese');
  await expect(page.getByRole('option', { name: /Grass-Fed Cheeseburger/ })).toBeVisible();
  await page.goto('/shopList');
  await page.getByLabel('Search shops').fill('bakry');
  await expect(page.getByRole('heading', { name: 'Hearth & Grain Bakery' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Green Valley Farm' })).toHaveCount(0);
});
