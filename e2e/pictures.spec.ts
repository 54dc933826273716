import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { publicPages } from './public-pages.ts';

/**
 * Pictures at the size they are shown, in AVIF where the browser takes it (issue 16, item 2), none missing; headings
 * in order and no Content Security Policy report, which Lighthouse counts against accessibility and best practices.
 */

/** Scrolls to the end of the page, a screen at a time, so that every lazy picture loads. */
async function scrollThrough(page: Page) {
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState('networkidle');
}

test('the product page shows its uploaded picture in AVIF at the size shown, fetched first', async ({ page }) => {
  const products = await (await page.request.get('/api/products?limit=1')).json();
  const product = products.items[0];
  const avif: string[] = [];
  page.on('response', (response) => {
    if (response.headers()['content-type'] === 'image/avif') avif.push(new URL(response.url()).pathname);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/productDetails/${product._id}`);
  const picture = page.getByRole('img', { name: product.productName, exact: true });
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const id = product.productImage.match(/([0-9a-f-]{36})\.webp$/)[1];
  const chosen = await picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
  expect(chosen).toMatch(new RegExp(`^/uploads/${id}-(200|400|800)\\.avif$`));
  expect(avif).toContain(chosen);
  await expect(picture).toHaveAttribute('fetchpriority', 'high');
  await expect(picture).not.toHaveAttribute('loading', 'lazy');
});

// One sweep of the public pages checks both (each page costs a load and a scroll in a CI minute that is counted).
test('on every public page: no picture answers with an error, headings never skip a level, the Content Security Policy holds', async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && response.status() >= 400) {
      failed.push(`${response.status()} ${response.url()}`);
    }
  });
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`,
      ),
    ),
  );
  for (const path of (await publicPages(page.request)).filter((p) => p !== '/no-such-page')) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const levels = await page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
    const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1] + 1);
    expect({ path, levels: skips.length ? levels : 'in order' }).toEqual({ path, levels: 'in order' });
    await scrollThrough(page);
  }
  expect(failed).toEqual([]);
  expect(violations).toEqual([]);
});
