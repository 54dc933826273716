import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, choosePickupSlots, expect, test } from './fixtures.ts';
import { tokenOf as freshToken, shot, signInWith } from './helpers.ts';

/** Vendor and admin dashboards on real data: fulfilment, review moderation, business figures. */

const CUSTOMER = { email: 'customer@farmstall.example', password: 'Customer#2026!' };
const VENDOR = { email: 'vendor@farmstall.example', password: 'Vendor#2026!' };
const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };
type Account = typeof CUSTOMER;

// The journeys share the demo customer's cart, so they run one after another.
test.describe.configure({ mode: 'serial' });

/** API calls reuse one access token per account (password hashing makes each sign-in slow on purpose). */
const tokens = new Map<string, Promise<string>>();
function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  if (!tokens.has(account.email)) tokens.set(account.email, freshToken(request, account));
  return tokens.get(account.email)!;
}

/** Signs the browser in through the API (token in local storage, refresh cookie in the context). */
async function signIn(page: Page, account: Account) {
  await signInWith(page, await freshToken(page.request, account));
}

/** A product of the demo vendor that has stock, read through the vendor's own product list. */
async function demoVendorProduct(request: APIRequestContext) {
  const token = await tokenOf(request, VENDOR);
  const response = await request.get(`/api/products/vendor?email=${encodeURIComponent(VENDOR.email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const products: { _id: string; productName: string; productQuantity: { value: number }; expired: boolean }[] =
    await response.json();
  const product = products.find((p) => p.productQuantity.value > 5 && !p.expired);
  expect(product, 'a demo vendor product in stock').toBeTruthy();
  return product!;
}

/** The demo customer's cart holds one unit of the product and nothing else, for pickup; answers the customer's headers. */
async function cartOfOne(request: APIRequestContext, productId: string) {
  const auth = { authorization: `Bearer ${await tokenOf(request, CUSTOMER)}` };
  const cart = await request.get(`/api/carts?email=${encodeURIComponent(CUSTOMER.email)}`, { headers: auth });
  for (const item of (await cart.json()) as { _id: string }[]) {
    await request.delete(`/api/carts/${item._id}`, { headers: auth });
  }
  const added = await request.post('/api/carts', { headers: auth, data: { productId, amount: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  await choosePickupSlots(request, await tokenOf(request, CUSTOMER));
  return auth;
}

const NOTE = 'Leave it at the back door, please';

/**
 * The demo customer buys one unit of the product on the checkout page, with the sandbox test card and a note for
 * the shop; returns the payment (the newest of the history).
 */
async function checkOutInBrowser(page: Page, request: APIRequestContext, productId: string) {
  const auth = await cartOfOne(request, productId);
  await signIn(page, CUSTOMER);
  await page.goto('/dashboard/userPayment');
  await page.getByLabel('Name').fill('Sam Shopper');
  await page.getByLabel('Phone Number').fill('+1 503 555 0199');
  await page.getByLabel('Delivery Address').fill('1 Test Lane, Portland');
  await page.getByLabel('Note for the shop (optional)').fill(NOTE);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPaymentHistory$/);
  const history = await request.get(`/api/customerPayments/${encodeURIComponent(CUSTOMER.email)}?limit=1`, {
    headers: auth,
  });
  const [payment]: { _id: string; transactionId: string; price: number }[] = (await history.json()).items;
  await page.evaluate(() => localStorage.removeItem('access-token'));
  return { ...payment, amount: payment.price, auth };
}

/** The demo customer buys one unit of the product with the sandbox test card; returns the payment. */
async function placeOrder(request: APIRequestContext, productId: string) {
  const auth = await cartOfOne(request, productId);
  const intent = await request.post('/api/customer-payment', { headers: auth, data: {} });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { paymentIntentId, clientSecret, amount } = await intent.json();
  const paid = await request.post('/api/payments/sandbox/confirm', {
    headers: auth,
    data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const order = await request.post('/api/customerPayments', {
    headers: auth,
    data: { name: 'Sam Shopper', phoneNumber: '+1 503 555 0199', address: '1 Test Lane, Portland', paymentIntentId },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const payment: { _id: string; orderId: string; transactionId: string } = await order.json();
  return { ...payment, amount: amount as number, auth };
}

const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function confirmDialog(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
}

test('a vendor marks a pickup order ready, then picked up, and the customer sees it complete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // checks out in the browser, then the vendor's and the customer's pages
  const product = await demoVendorProduct(request);
  const payment = await checkOutInBrowser(page, request, product._id);

  await signIn(page, VENDOR);
  await page.goto('/dashboard/vendorHome');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByText('Total Revenue')).toBeVisible();
  await checkA11y(page);
  await shot(page, 'h5-vendorHome');

  await page.goto('/dashboard/vendorOrder');
  await expect(page.getByRole('heading', { name: 'Your Order List' })).toBeVisible();
  // Orders are grouped by slot, the newest first in each; demo shoppers' orders of the product are in other rows.
  const row = page
    .getByRole('row')
    .filter({ hasText: product.productName })
    .filter({ hasText: CUSTOMER.email })
    .first();
  await expect(row).toContainText(CUSTOMER.email);
  await expect(row).toContainText(money(payment.amount));
  await expect(row).toContainText('Ordered');
  // Who collects it and where: the name and phone given at checkout, the pickup point and time (not their home).
  await expect(row).toContainText('Sam Shopper');
  await expect(row.getByRole('link', { name: '+1 503 555 0199' })).toHaveAttribute('href', 'tel:+15035550199');
  await expect(row).toContainText('Pickup at ');
  await expect(row).not.toContainText('1 Test Lane, Portland');
  await expect(row).toContainText(`Note: ${NOTE}`);
  await checkA11y(page);
  await shot(page, 'h5-vendorOrder');
  // On a phone the order is a card with the same delivery details and note.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page
    .getByRole('article', { name: /^Order of / })
    .filter({ hasText: product.productName })
    .filter({ hasText: CUSTOMER.email })
    .first();
  await expect(card).toContainText(`Note: ${NOTE}`);
  await expect(card.getByRole('link', { name: '+1 503 555 0199' })).toBeVisible();
  await shot(page, 'h5-vendorOrder-phone');
  if (desktop) await page.setViewportSize(desktop);

  // A pickup order goes Ordered → Ready for pickup → Picked up; it is never shipped.
  await expect(row.getByRole('button', { name: /^Ship the order/ })).toHaveCount(0);
  // One tap each, no question: what it did shows with an Undo for a few seconds (decision 059).
  await row.getByRole('button', { name: /^Ready the order/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /\) is ready for pickup/ })).toBeVisible();
  await expect(row).toContainText('Ready for pickup');
  await row.getByRole('button', { name: /^Picked up the order/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /\) is picked up/ })).toBeVisible();
  await expect(row).toContainText('Picked up');
  await expect(row).toContainText('No action needed');

  // The customer follows each step and sees the payment complete.
  const tracking = await request.get(`/api/orders/${payment._id}/tracking`, { headers: payment.auth });
  expect(await tracking.json()).toMatchObject({ status: 'complete', shops: [{ status: 'delivered' }] });
  const history = await request.get(`/api/customerPayments/${encodeURIComponent(CUSTOMER.email)}?limit=100`, {
    headers: payment.auth,
  });
  const paid = (await history.json()).items.find(
    (p: { transactionId: string }) => p.transactionId === payment.transactionId,
  );
  expect(paid).toMatchObject({ status: 'complete', productIds: [{ status: 'delivered' }] });

  await page.evaluate(() => localStorage.removeItem('access-token'));
  await signIn(page, CUSTOMER);
  await page.goto('/dashboard/userPaymentHistory');
  const historyRow = page.getByRole('row').filter({ hasText: payment.transactionId });
  await expect(historyRow.getByText('complete', { exact: true })).toBeVisible();
  await expect(historyRow.getByText(`${paid.productIds[0].shopName}: Picked up`, { exact: true })).toBeVisible();
  await checkA11y(page);
  // The buyer reads their note on the invoice.
  await historyRow.getByRole('link', { name: /Invoice/ }).click();
  await expect(page.locator('.invoice-sheet')).toContainText(`Your note for the shop: ${NOTE}`);
});

test('a vendor reports a review and the admin removes it', async ({ page, request }) => {
  const product = await demoVendorProduct(request);
  // Only a buyer it was delivered to may review: the customer buys it and the vendor delivers it.
  const { orderId } = await placeOrder(request, product._id);
  const vendor = { authorization: `Bearer ${await tokenOf(request, VENDOR)}` };
  for (const status of ['ready', 'delivered']) {
    const moved = await request.patch(`/api/vendor/orders/${orderId}`, { headers: vendor, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const text = `Totally unrelated advert ${Date.now()}`;
  const customer = { authorization: `Bearer ${await tokenOf(request, CUSTOMER)}` };
  const posted = await request.post('/api/comments', {
    headers: customer,
    data: { productId: product._id, commentDes: text, rating: 1 },
  });
  expect(posted.ok(), await posted.text()).toBe(true);

  await signIn(page, VENDOR);
  await page.goto(`/dashboard/review/${product._id}`);
  await expect(page.getByRole('heading', { name: /^Total Reviews: \d+$/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText(product._id);
  await checkA11y(page);
  await shot(page, 'h5-review');
  await row.getByRole('button', { name: /^Report Comment/ }).click();
  await confirmDialog(page, 'Yes, report it!');
  await expect(page.getByText('The review was sent to the admins')).toBeVisible();
  await expect(row).toContainText('Reported');

  await page.evaluate(() => localStorage.removeItem('access-token'));
  await signIn(page, ADMIN);
  await page.goto('/dashboard/reportedReviews');
  await expect(page.getByRole('heading', { name: /^Reported Reviews: \d+$/ })).toBeVisible();
  const reported = page.getByRole('row').filter({ hasText: text });
  await expect(reported).toContainText(product.productName);
  await checkA11y(page);
  await shot(page, 'h5-reportedReviews');
  await reported.getByRole('button', { name: /^Remove the review/ }).click();
  await confirmDialog(page, 'Yes, remove it!');
  await expect(page.getByText('The review was removed')).toBeVisible();
  await expect(reported).toHaveCount(0);

  const reviews = await request.get(`/api/comments/${product._id}`);
  expect(JSON.stringify(await reviews.json())).not.toContain(text);
});

test("the admin's figures match the orders placed in the test", async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/dashboard/adminHome');
  const figure = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  await expect(figure('Total Orders')).toHaveText(/^\d+$/);
  const ordersBefore = Number(await figure('Total Orders').textContent());

  const product = await demoVendorProduct(request);
  await placeOrder(request, product._id);
  await placeOrder(request, product._id);

  // Other journeys place orders and refund cancelled lines at the same time, so the page is compared with the
  // figures the API gives at that moment (retried until both were read between two changes), and the two
  // orders of this test must be among them.
  const adminAuth = { authorization: `Bearer ${await tokenOf(request, ADMIN)}` };
  await expect(async () => {
    await page.reload();
    await expect(figure('Total Orders')).toHaveText(/^\d+$/);
    const stats = await (await request.get('/api/admin-stats', { headers: adminAuth })).json();
    expect(stats.totalOrders).toBeGreaterThanOrEqual(ordersBefore + 2);
    await expect(figure('Total Orders')).toHaveText(String(stats.totalOrders), { timeout: 1000 });
    await expect(figure('Total Revenue from Customers')).toHaveText(money(stats.totalCustomerPayments), {
      timeout: 1000,
    });
    await expect(figure('Total Customers')).toHaveText(String(stats.totalCustomers), { timeout: 1000 });
    await expect(figure('Total Vendors')).toHaveText(String(stats.totalVendors), { timeout: 1000 });
    await expect(figure('Total Comments')).toHaveText(String(stats.totalComments), { timeout: 1000 });
    await expect(figure('Total Revenue from Vendors')).toHaveText(money(stats.totalVendorPayments), {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Orders and revenue over time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Contact messages/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Coupons/ })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'admin-home');

  // The vendor's sales chart shows the same orders.
  await page.evaluate(() => localStorage.removeItem('access-token'));
  await signIn(page, VENDOR);
  await page.goto('/dashboard/vendorRevenue');
  await expect(page.getByRole('heading', { name: 'Sale Stat', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sale Statistics' })).toBeVisible();
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await checkA11y(page);
  await shot(page, 'h5-vendorRevenue');
});
