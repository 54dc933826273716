import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { registerCustomer, shot, unique } from './helpers.ts';

/** The admin makes coupon codes on /dashboard/coupons; a customer uses one in the cart. */

const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };
type Product = {
  _id: string;
  productName: string;
  productPrice: number;
  productQuantity: { value: number };
  expired: boolean;
  /** Its sizes (decision 052): a card with several links to the picker instead of adding. */
  sizes: { count: number };
};

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A product in stock that costs at least a dollar, so two units pass a minimum that one unit does not. */
async function productToBuy(request: APIRequestContext): Promise<Product> {
  const response = await request.get('/api/allProducts?limit=60');
  expect(response.ok()).toBe(true);
  const product = ((await response.json()) as Product[]).find(
    (p) => p.productQuantity.value >= 5 && !p.expired && p.productPrice >= 1 && p.sizes.count === 1,
  );
  expect(product, 'a product in stock that costs at least $1').toBeTruthy();
  return product!;
}

async function addOne(request: APIRequestContext, token: string, productId: string) {
  const added = await request.post('/api/carts', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId, amount: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Coupon', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('the admin creates coupons and a customer applies one in the cart; bad codes say why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await productToBuy(request);
  const priceCents = Math.round(product.productPrice * 100);
  // More than one unit costs, no more than two units cost.
  const minOrderDollars = Math.floor(priceCents / 100) + 1;
  const code = `SAVE20${unique().toUpperCase()}`;
  const laterCode = `LATER${unique().toUpperCase()}`;
  const lastDay = dayFromToday(30);

  // The admin signs in through the form and opens the coupons page.
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/dashboard/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', exact: true })).toBeVisible();
  await checkA11y(page);

  // A percent above 100 is refused with the reason under the field, and nothing is created.
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(`BAD${unique().toUpperCase()}`);
  await form.getByLabel('Kind').selectOption('percent');
  await form.getByLabel('Value (%)').fill('150');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText('A percent is a whole number from 1 to 100')).toBeVisible();
  await expect(form.getByLabel('Value (%)')).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page);
  await shot(page, 'coupons-invalid');

  // 20% off with a minimum order and a last valid day.
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Value (%)').fill('20');
  await form.getByLabel('Minimum order ($, optional)').fill(String(minOrderDollars));
  await form.getByLabel('Last valid day (optional)').fill(lastDay);
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.locator('.Toastify').getByText(`Coupon ${code} is ready to use`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText(money(minOrderDollars * 100));
  await expect(row).toContainText(lastDay);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // Days in the past are refused at once; a code starting next week is listed as scheduled.
  await form.getByLabel('Code').fill(laterCode);
  await form.getByLabel('Kind').selectOption('fixed');
  await form.getByLabel('Value ($)').fill('5');
  await form.getByLabel('Last valid day (optional)').fill(dayFromToday(-3));
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText('The last valid day cannot be in the past')).toBeVisible();
  await form.getByLabel('First day (optional, today if empty)').fill(dayFromToday(7));
  await form.getByLabel('Last valid day (optional)').fill(dayFromToday(6));
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText('The last valid day cannot be before the first day')).toBeVisible();
  await form.getByLabel('Last valid day (optional)').fill(dayFromToday(14));
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.locator('.Toastify').getByText(`Coupon ${laterCode} is ready to use`)).toBeVisible();
  const laterRow = page.getByRole('row').filter({ hasText: laterCode });
  await expect(laterRow).toContainText('$5.00 off');
  await expect(laterRow.getByText('Scheduled', { exact: true })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'coupons-listed');

  // A fresh customer with one unit in the cart: below the minimum order.
  const customer = await registerCustomer(request, 'coupon', { name: 'Cody Coupon' });
  await addOne(request, customer.token, product._id);
  await page.evaluate(() => localStorage.removeItem('access-token'));
  await page.evaluate((token) => localStorage.setItem('access-token', token), customer.token);
  await page.goto('/dashboard/userCart');
  await expect(page.getByText('There is 1 product in your cart')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await applyCode(page, code);
  await expect(summary.getByRole('alert')).toHaveText(
    `This coupon needs an order of at least ${money(minOrderDollars * 100)}.`,
  );
  await applyCode(page, `NOPE${unique().toUpperCase()}`);
  await expect(summary.getByRole('alert')).toHaveText('This coupon code does not exist.');
  await applyCode(page, laterCode);
  await expect(summary.getByRole('alert')).toHaveText('This coupon does not work yet.');
  await expect(page.getByLabel('Coupon', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page);
  await shot(page, 'cart-coupon-expired');

  // A second unit passes the minimum: the code gives 20% off the subtotal.
  await addOne(request, customer.token, product._id);
  await page.reload();
  const subtotal = 2 * priceCents;
  const discount = Math.floor((subtotal * 20 + 50) / 100);
  const figure = (label: string) => summary.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(figure('Subtotal')).toHaveText(money(subtotal));
  await applyCode(page, code.toLowerCase());
  await expect(summary.getByRole('status')).toContainText(`${code} applied: 20% off.`);
  await expect(figure(`Coupon ${code}`)).toHaveText(`−${money(discount)}`);
  await expect(figure('Total')).toHaveText(money(subtotal - discount));
  await checkA11y(page);
  await shot(page, 'cart-coupon-applied');
});
