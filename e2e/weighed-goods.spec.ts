import type { APIRequestContext } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, shot, signInWith, tokenOf } from './helpers.ts';
import { OTHER_VENDORS_PASSWORD, withVendorEmails } from './order-fixtures.ts';

/**
 * Weighed goods: a shopper buys two ribeye steaks sold by weight ($35.10/kg, about 350 g each), sees the estimate
 * and pays with the sandbox card (only a hold); the butcher weighs the line and marks it ready, which charges the
 * real amount; the invoice shows the estimate, the weight and what was charged of the hold.
 */

const STEAK = 'Grass-Fed Ribeye Steak';
// 2 × 350 g at $35.10/kg = $24.57, held for $24.57 + 10% = $27.03; weighed 680 g = $23.868: $23.87.
const ESTIMATE = '$24.57';
const HOLD = '$27.03';
const WEIGHED = '$23.87';

type Product = { _id: string; productName: string; shopId: string; gramsPerPiece: number | null };

async function steak(request: APIRequestContext): Promise<Product & { email: string }> {
  const response = await request.get(`/api/products?q=${encodeURIComponent('Ribeye')}`);
  expect(response.ok(), await response.text()).toBe(true);
  const found = ((await response.json()).items as Product[]).find((p) => p.productName === STEAK);
  expect(found?.gramsPerPiece, `${STEAK} is sold by weight`).toBe(350);
  const [withEmail] = await withVendorEmails(request, [found as Product]);
  return withEmail;
}

test('a shopper pays a hold for weighed goods, the vendor weighs them, the invoice shows what was charged', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const product = await steak(request);
  const name = `Wendy Weigh ${Date.now().toString(36)}`;
  const account = { email: `weighed-${Date.now().toString(36)}@example.com`, password: 'Shopper#2026!' };
  const created = await request.post('/api/users', { data: { name, ...account } });
  expect(created.ok(), await created.text()).toBe(true);
  const shopper = await tokenOf(request, account);

  // The product page says how it is sold; two steaks go in the cart.
  await signInWith(page, shopper);
  await page.goto(`/productDetails/${product._id}`);
  await expect(page.getByText('$35.10/kg · about 350 g each')).toBeVisible();
  await page.getByRole('button', { name: /^One more/ }).click();
  const added = page.waitForResponse((r) => r.url().endsWith('/api/carts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  expect((await added).ok()).toBe(true);
  await checkA11y(page);
  await shot(page, 'weighed-product', { widths: PHONE_AND_LAPTOP });

  // The cart: the line's estimate, the total as an estimate, the hold; a pickup time within 6 days.
  await page.goto('/dashboard/userCart');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(page.getByRole('cell', { name: `≈ ${ESTIMATE}, charged by actual weight` })).toBeVisible();
  await expect(summary.getByText(`≈ ${ESTIMATE}`, { exact: true })).toBeVisible();
  await expect(summary.getByText(/your card is held for their estimate plus 10% and never charged more/)).toBeVisible();
  const time = page.getByLabel('Pickup time');
  const open = time.locator('option:not([disabled])').first();
  await time.selectOption((await open.getAttribute('value')) as string);
  await expect(page.getByText(/^Collect at /)).toBeVisible();
  await expect(
    page.getByText(/^Weighed goods can be booked at most 6 days ahead: the card hold lasts 7\./),
  ).toBeVisible();
  await checkA11y(page);
  await shot(page, 'weighed-cart', { widths: PHONE_AND_LAPTOP });

  // Checkout: the same estimate; the sandbox card is only held.
  await summary.getByRole('link', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPayment$/);
  await page.getByLabel('Phone Number').fill('+1 503 555 0177');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await checkA11y(page);
  await shot(page, 'weighed-payment', { widths: PHONE_AND_LAPTOP });
  // Before paying: the estimate and the hold, the one the card is authorized for.
  const pay = page.getByRole('region', { name: 'Your order' });
  await expect(pay.getByText(`≈ ${ESTIMATE}`, { exact: true })).toBeVisible();
  await expect(pay.getByText(`up to ${HOLD}`, { exact: true })).toBeVisible();
  await expect(
    pay.getByText(`Up to ${HOLD} will be held on your card; you pay the weighed price, at most that.`),
  ).toBeVisible();
  await page.getByRole('button', { name: `Place order · hold up to ${HOLD}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPaymentHistory$/);

  // The butcher weighs the steaks (0.68 kg) and marks the order ready.
  const butcher = await tokenOf(request, { email: product.email, password: OTHER_VENDORS_PASSWORD });
  await signInWith(page, butcher);
  await page.goto('/dashboard/vendorOrder');
  const row = page.getByRole('row').filter({ hasText: name });
  const weighing = row.getByRole('form', { name: `Weigh ${STEAK}` });
  await expect(weighing).toContainText(`Est. 700 g ≈ ${ESTIMATE}`);
  await weighing.getByLabel(`Weight of ${STEAK}`).fill('0.68');
  await weighing.getByLabel('Unit').selectOption('kg');
  await checkA11y(page);
  await shot(page, 'weighed-vendor', { widths: PHONE_AND_LAPTOP });
  await weighing.getByRole('button', { name: 'Save weight' }).click();
  await expect(row.getByText('680 g', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Ready the order of ${name}` }).click();
  await expect(row.getByRole('form', { name: `Weigh ${STEAK}` })).toHaveCount(0);

  // The shopper's invoice: estimate and weight, the price per kg, the hold and what was charged.
  await signInWith(page, shopper);
  await page.goto('/dashboard/userPaymentHistory');
  const entry = page.locator('tbody tr').first();
  await expect(entry).toContainText(WEIGHED);
  await entry.getByRole('link', { name: /Invoice/ }).click();
  const sheet = page.locator('.invoice-sheet');
  await expect(sheet.getByRole('row').filter({ hasText: STEAK })).toContainText(
    `Est. 700 g ≈ ${ESTIMATE} · Weighed 680 g ${WEIGHED}`,
  );
  await expect(sheet.getByRole('row').filter({ hasText: STEAK })).toContainText('$35.10/kg');
  await expect(sheet.getByText(`Card held for ${HOLD} · charged ${WEIGHED}`)).toBeVisible();
  await expect(sheet.getByRole('row', { name: /Grand Total/ })).toContainText(WEIGHED);
  await checkA11y(page);
  await shot(page, 'weighed-invoice', { widths: PHONE_AND_LAPTOP });

  const headers = bearer(shopper);
  const history = await request.get(`/api/customerPayments/${encodeURIComponent(account.email)}`, { headers });
  expect((await history.json()).items[0]).toMatchObject({ price: 23.87, hold: { captured: 23.87 } });
});
