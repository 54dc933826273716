import type { APIRequestContext } from '@playwright/test';
import { formatUseBy, savingLabel } from '#contract/markdowns.ts';
import { formatDollars } from '#contract/money.ts';
import type { Product } from '#contract/products.ts';
import { checkA11y, choosePickupSlots, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, shot, signInWith } from './helpers.ts';

/**
 * Near-expiry markdowns: the demo bakery takes 40% off in the last 3 days before expiry, and its croissants expire
 * the day after the demo was seeded. A shopper finds them on the home page's "Last chance" shelf (old price struck
 * through, the new price, "Use by …"), buys them, and the cart, the payment and the invoice charge and name the
 * markdown.
 */

const CROISSANTS = 'Butter Croissants';

async function markedDown(
  request: APIRequestContext,
): Promise<Product & { markdown: NonNullable<Product['markdown']> }> {
  const response = await request.get('/api/products/last-chance');
  expect(response.ok(), await response.text()).toBe(true);
  const found = ((await response.json()) as Product[]).find((p) => p.productName === CROISSANTS);
  expect(found?.markdown, `${CROISSANTS} are marked down in the demo`).toBeTruthy();
  return found as Product & { markdown: NonNullable<Product['markdown']> };
}

test('a marked-down product is bought at its markdown, named in the cart, at payment and on the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const product = await markedDown(request);
  const { discountPercent, price, useBy } = product.markdown;
  const was = formatDollars(product.productPrice);
  const now = formatDollars(price);
  const label = savingLabel({ kind: 'markdown', percent: discountPercent });
  const shopper = await registerCustomer(request, 'markdown');

  // The home page's shelf: the card strikes the old price through, shows the new one and the last day.
  await signInWith(page, shopper.token);
  await page.goto('/');
  const shelf = page.getByRole('list', { name: 'Last chance' });
  const card = shelf.getByRole('article').filter({ hasText: CROISSANTS });
  await expect(card.locator('del')).toHaveText(was);
  await expect(card).toContainText(now);
  await expect(card).toContainText(`−${discountPercent}%`);
  await expect(card.getByText(formatUseBy(useBy))).toBeVisible();
  await checkA11y(page);
  await shot(page, 'markdown-home');

  // The product page says the same; two go in the cart.
  await card.getByRole('link', { name: CROISSANTS }).click();
  await expect(page).toHaveURL(new RegExp(`/productDetails/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: CROISSANTS })).toBeVisible();
  await expect(page.getByText(formatUseBy(useBy))).toBeVisible();
  await page.getByRole('button', { name: 'One more' }).click();
  const added = page.waitForResponse((r) => r.url().endsWith('/api/carts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  expect((await added).ok()).toBe(true);
  await choosePickupSlots(request, shopper.token);

  // The cart names the markdown beside the price it charges.
  const total = formatDollars(price * 2);
  await page.goto('/dashboard/userCart');
  const line = page.getByRole('region', { name: 'Cart items' }).getByRole('row').filter({ hasText: CROISSANTS });
  await expect(line).toContainText(`${label}, was ${was}`);
  await expect(line).toContainText(total);
  await checkA11y(page);
  await shot(page, 'markdown-cart');

  // The payment page too; the card is charged the marked-down amount.
  await page.getByRole('region', { name: 'Order summary' }).getByRole('link', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPayment$/);
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(`${label}, was ${was}`);
  await page.getByLabel('Phone Number').fill('+1 503 555 0190');
  await page.getByLabel('Delivery Address').fill('3 Bakery Row, Portland');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await checkA11y(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPaymentHistory$/);

  // The invoice names the markdown on the line, and the grand total is what was charged.
  await page
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: /Invoice/ })
    .click();
  const sheet = page.locator('.invoice-sheet');
  const item = sheet.getByRole('row').filter({ hasText: CROISSANTS });
  await expect(item).toContainText(`${label}, was ${was}`);
  await expect(item).toContainText(now);
  await expect(sheet.getByRole('row', { name: /Grand Total/ })).toContainText(total);
  await checkA11y(page);
  await shot(page, 'markdown-invoice');

  const history = await request.get(`/api/customerPayments/${encodeURIComponent(shopper.email)}`, {
    headers: bearer(shopper.token),
  });
  const [payment] = (await history.json()).items;
  expect(payment.price).toBe(price * 2);
  expect(payment.productIds[0]).toMatchObject({
    price,
    saving: { kind: 'markdown', percent: discountPercent, listPrice: product.productPrice },
  });
});
