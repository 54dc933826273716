import type { Page } from '@playwright/test';
import { checkA11y, expect, hydrated, test } from './fixtures.ts';

/**
 * A shopper filters a category by its food facts (issue 12, items 1, 2 and 8): each option says how many products it
 * leaves, the choices go into the URL (shared, Back undoes them), the cards listed carry what was asked, and the
 * product page shows the labels and the ingredients with the allergens in bold. The demo bakery: 7 products, 4 vegan
 * (Country Sourdough Loaf, Parisian Baguettes, Everything Bagels with sesame, Stone-Baked Flatbread), 3 with milk.
 */

// The journey visits several pages; a loaded CI machine gets room beyond the default minute.
test.describe.configure({ timeout: 120_000 });

const cards = (page: Page) => page.getByRole('list', { name: 'Bakery products' }).locator(':scope > li');
const found = (page: Page) => page.getByText(/^We found/);
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

test('filter the bakery by "vegan" and "free from milk": counts, URL and cards change together', async ({ page }) => {
  await page.goto('/category/bakery');
  await hydrated(page);
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(found(page)).toHaveText('We found 7 items for you!');
  await expect(cards(page)).toHaveCount(7);
  await expect(filters.getByRole('checkbox', { name: 'Vegan (4)' })).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: 'Milk (4)' })).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: 'Sesame (6)' })).toBeVisible();
  // No bread here is gluten-free: that option cannot be chosen.
  await expect(filters.getByRole('checkbox', { name: 'Gluten-free (0)' })).toBeDisabled();
  await checkA11y(page);

  await filters.getByRole('checkbox', { name: 'Vegan (4)' }).click();
  await expect(page).toHaveURL(/\/category\/bakery\?labels=vegan$/);
  await expect(found(page)).toHaveText('We found 4 items for you!');
  await expect(cards(page)).toHaveCount(4);
  for (const card of await cards(page).all()) {
    await expect(card.getByRole('list', { name: 'Dietary labels' })).toContainText('Vegan');
  }
  // The counts are now among the vegan products.
  await expect(filters.getByRole('checkbox', { name: 'Sesame (3)' })).toBeVisible();

  await filters.getByRole('checkbox', { name: 'Milk (4)' }).click();
  await expect(page).toHaveURL(/\?labels=vegan&freeFrom=milk$/);
  await filters.getByRole('checkbox', { name: 'Sesame (3)' }).click();
  await expect(page).toHaveURL(/\?labels=vegan&freeFrom=milk%2Csesame$/);
  await expect(found(page)).toHaveText('We found 3 items for you!');
  await expect(cards(page)).toHaveCount(3);
  expect((await cards(page).getByRole('heading').allInnerTexts()).sort()).toEqual([
    'Country Sourdough Loaf',
    'Parisian Baguettes',
    'Stone-Baked Flatbread',
  ]);

  // Back undoes the last choice; the shared link opens the same page.
  await page.goBack();
  await expect(page).toHaveURL(/\?labels=vegan&freeFrom=milk$/);
  await expect(cards(page)).toHaveCount(4);
  const shared = page.url();
  await page.goto(shared);
  await hydrated(page);
  await expect(filters.getByRole('checkbox', { name: 'Vegan (4)' })).toBeChecked();
  await expect(filters.getByRole('checkbox', { name: 'Milk (4)' })).toBeChecked();
  await expect(cards(page)).toHaveCount(4);

  // A price range narrows further and says the range of prices here.
  await filters.getByRole('spinbutton', { name: 'Max' }).fill('5');
  await filters.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/maxPrice=5$/);
  await expect(filters.getByText(/^Prices here: \$/)).toBeVisible();
  await filters.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/category\/bakery$/);
  await expect(cards(page)).toHaveCount(7);

  // The product page: labels as badges, the ingredients with each allergen in bold, what it contains.
  await page.getByRole('link', { name: 'Everything Bagels' }).click();
  await expect(page.getByRole('list', { name: 'Dietary labels' }).first()).toContainText('Vegan');
  const ingredients = page.locator('p', { hasText: /^Ingredients:/ });
  await expect(ingredients).toContainText('sesame seeds');
  await expect(ingredients.locator('strong')).toHaveText(['Wheat', 'malt', 'sesame']);
  await expect(page.locator('p', { hasText: /^Contains:/ })).toHaveText('Contains: Cereals containing gluten, Sesame');
  await expect(page.getByText('Produced', { exact: true })).toBeVisible();
});

test('phone: the filters open in a panel, and the page never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/category/bakery?labels=vegan');
  await hydrated(page);
  const open = page.getByRole('button', { name: 'Filters (1)' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Filters' })).toBeHidden();
  await expect(cards(page)).toHaveCount(4);
  await open.click();
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('checkbox', { name: 'Vegan (4)' })).toBeChecked();
  await filters.getByRole('checkbox', { name: 'Sesame (3)' }).click();
  await expect(page).toHaveURL(/freeFrom=sesame$/);
  await expect(cards(page)).toHaveCount(3);
  await noSidewaysScroll(page);
  await checkA11y(page);
});
