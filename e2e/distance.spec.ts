import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';
import { shot } from './helpers.ts';

/**
 * Distance from the farm (issue 12, item 3): a shopper sets a ZIP code on a category page, reads how far each product
 * comes from, in miles (the marketplace's default unit, issue 33), and sorts nearest first; the place stays in the
 * browser.
 */
/** The distances the cards show, in miles, in page order. */
async function cardDistances(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('list', { name: 'Fresh Fruit products' })
    .getByText(/ mi away$/)
    .allTextContents();
  return texts.map((t) => Number((/([\d.,]+) mi away/.exec(t)?.[1] ?? '').replace(/,/g, '')));
}

test('a shopper sets a ZIP code, sees how far each product comes from and sorts nearest first', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/category/fruit');
  await expect(page.getByRole('heading', { name: 'Fresh Fruit', level: 1 })).toBeVisible();
  const products = page.getByRole('list', { name: 'Fresh Fruit products' });
  await expect(products.locator(':scope > li').first()).toBeVisible();
  await expect(products.getByText(/mi away$/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Set your ZIP code to see distances' }).click();
  const zip = page.getByLabel('Your ZIP code');
  await zip.fill('00000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find this ZIP code on the map' })).toBeVisible();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  // Wenatchee, WA: Sunrise Orchard's town.
  await zip.fill('98801');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Near 98801 · change' })).toBeVisible();
  await expect(products.getByText(/mi away$/).first()).toBeVisible();
  await checkA11y(page);

  // Nearest first: the distances the cards show only grow. Other journeys add fruit from farther shops (Salem), so
  // the demo's farthest fruit, the peaches, is not always last; it comes after every nearer demo fruit.
  await page.getByLabel('Sort products').selectOption('nearest');
  await expect
    .poll(async () => {
      const distances = await cardDistances(page);
      return distances.length > 3 && distances.every((mi, i) => i === 0 || distances[i - 1] <= mi);
    })
    .toBe(true);
  const names = await products.locator(':scope > li').allTextContents();
  const peaches = names.findIndex((text) => text.includes('Freestone Peaches'));
  expect(peaches).toBeGreaterThan(names.findIndex((text) => text.includes('Cherries')));
  // The peaches come from an orchard at Lake Chelan, 69 km (43 miles) away; the cherries from Cashmere, nearer.
  await expect(products.locator(':scope > li').filter({ hasText: 'Freestone Peaches' })).toContainText('43 mi away');

  // The distance filter counts what each radius (5, 10, 25, 50 miles: round miles, as the marketplace writes them)
  // leaves: Sunrise Orchard's 10 fruits at 2.8 km, the cherries from Cashmere (15 km, 9.3 mi), the peaches (43 mi);
  // the choice goes into the URL.
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('radio', { name: 'Within 5 mi (10)' })).toBeVisible();
  await expect(filters.getByRole('radio', { name: 'Within 10 mi (11)' })).toBeVisible();
  await expect(filters.getByRole('radio', { name: 'Within 25 mi (11)' })).toBeVisible();
  await expect(filters.getByRole('radio', { name: 'Within 50 mi (12)' })).toBeVisible();
  await filters.getByRole('radio', { name: 'Within 10 mi (11)' }).click();
  await expect(page).toHaveURL(/maxMi=10/);
  await expect(products.locator(':scope > li')).toHaveCount(11);
  await expect(products.getByText('Freestone Peaches')).toHaveCount(0);
  await filters.getByRole('radio', { name: 'Any distance' }).click();
  await expect(products.getByText('Freestone Peaches')).toHaveCount(1);
  expect(await products.locator(':scope > li').count()).toBeGreaterThanOrEqual(12);

  await page.getByRole('link', { name: 'Freestone Peaches' }).click();
  await expect(page.getByRole('heading', { name: 'Freestone Peaches', level: 1 })).toBeVisible();
  await expect(page.getByText(/Chelan Bluff Orchard \(98816\), 43 mi away/)).toBeVisible();
  await checkA11y(page);

  // The place stays in this browser.
  await page.goto('/category/fruit');
  await expect(page.getByRole('button', { name: 'Near 98801 · change' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('Sort products').selectOption('nearest');
    await expect(products.getByText(/mi away$/).first()).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await shot(page, `distance-cards-${width}`);
    await page.getByRole('button', { name: 'Near 98801 · change' }).click();
    await expect(page.getByRole('button', { name: 'Use my location' })).toBeVisible();
    await shot(page, `distance-place-${width}`);
    await page.getByRole('button', { name: 'Near 98801 · change' }).click();
  }
});
