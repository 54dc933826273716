import type { APIRequestContext } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';
import { dollars, moveVendorPart, openForPickupEveryDay, type Product, placeOrder } from './order-fixtures.ts';

/**
 * The admin's half of the payouts (issue 15, items 5 and 7): the admin changes the commission, an order of a new shop
 * is placed and delivered, the admin home shows the month's earnings with it, and the admin holds then releases the
 * shop from the payouts table, which sends what waited. Other journeys deliver orders at the same time, so the
 * month's earnings are compared as a rise of at least this order's commission; the shop's own row is exact.
 */

const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };
const BANK = { accountHolder: 'Orla Orchard', routingNumber: '110000000', accountNumber: '000123456789' };

/** A new shop of its own, open for pickup every day, with one product, its sandbox payout account verified. */
async function freshShop(request: APIRequestContext) {
  const owner = await registerCustomer(request, 'orchard');
  const shop = `Orla's Orchard ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop,
      date: '2016-05-01',
      address: '9 Orchard Lane, Salem',
      phone: '+1 503 555 0177',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, owner);
  const [sample] = await (await request.get('/api/allProducts?limit=1')).json();
  const created = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      productName: `Cider apples ${unique()}`,
      productDetails: 'Sharp cider apples from the old trees.',
      productCategory: 'fruit',
      productQuantity: 20,
      productionCost: 8,
      profitMargin: 25,
      productManufacturingDate: dayFromToday(-1),
      productExpireDate: dayFromToday(60),
      productImage: sample.productImage,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const product = (await created.json()).product as Product & { shopId: string; price: number };
  await openForPickupEveryDay(request, token, product.shopId, {
    name: 'Orchard gate',
    address: '9 Orchard Lane, Salem',
  });
  expect((await request.post('/api/payouts/account', { headers: bearer(token) })).ok()).toBe(true);
  const verified = await request.post('/api/payouts/sandbox/onboarding', { headers: bearer(token), data: BANK });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { shop, token, product };
}

type Line = { commissionPercent: number; totalPrice: number };

/** The commission rate the shop's order line was sold under, as its vendor sees it. */
async function lineOf(request: APIRequestContext, vendorToken: string, orderId: string): Promise<Line> {
  const orders = await request.get('/api/vendor/orders?limit=100', { headers: bearer(vendorToken) });
  expect(orders.ok(), await orders.text()).toBe(true);
  const order = ((await orders.json()).items as { _id: string; lines: Line[] }[]).find((o) => o._id === orderId);
  expect(order, 'the order among the vendor’s').toBeTruthy();
  return (order as { lines: Line[] }).lines[0];
}

/** This month's net earnings as the API answers them, in cents. */
async function monthNetCents(request: APIRequestContext, adminToken: string) {
  const answer = await request.get('/api/admin/earnings?months=1', { headers: bearer(adminToken) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return Math.round((await answer.json()).months[0].net * 100);
}

test('the admin changes the commission, sees the month’s earnings, and holds then releases a shop’s payouts', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const adminToken = await tokenOf(request, ADMIN);
  const farm = await freshShop(request);
  const shopper = await registerCustomer(request, 'cider');
  await signInWith(page, adminToken);

  // The admin asks a rate of its own from now on, in the commission form.
  const before = (await (await request.get('/api/admin/commission', { headers: bearer(adminToken) })).json()).current;
  const rate = 17.5;
  const setRate = async () => {
    const set = await request.put('/api/admin/commission', {
      headers: bearer(adminToken),
      data: { normalPercent: rate, premiumPercent: before.premiumPercent, orderFee: 0 },
    });
    expect(set.ok()).toBe(true);
  };
  let orderId = '';
  let line: Line = { commissionPercent: 0, totalPrice: 0 };
  try {
    await page.goto('/dashboard/commission');
    await page.getByLabel('Normal shops (%)').fill(String(rate));
    await page.getByLabel('Fee per order ($)').fill('0');
    await page.getByRole('button', { name: 'Save commission' }).click();
    await expect(page.getByText(`${rate}% normal, ${before.premiumPercent}% premium, No fee per order`)).toBeVisible();

    // The order is placed at that rate (another journey may change the commission meanwhile: then set it again).
    for (let attempt = 0; attempt < 3 && line.commissionPercent !== rate; attempt += 1) {
      if (attempt > 0) await setRate();
      orderId = (await placeOrder(request, shopper.token, [farm.product])).orderId;
      line = await lineOf(request, farm.token, orderId);
    }
  } finally {
    // Back to what it was, for the journeys beside this one.
    const restored = await request.put('/api/admin/commission', {
      headers: bearer(adminToken),
      data: { normalPercent: before.normalPercent, premiumPercent: before.premiumPercent, orderFee: before.orderFee },
    });
    expect(restored.ok()).toBe(true);
  }
  expect(line.commissionPercent).toBe(rate);
  // As the transfer counts it: the line's rate in basis points on what was paid for it, rounded per line.
  const paidCents = Math.round(line.totalPrice * 100);
  const commissionCents = Math.round((paidCents * Math.round(rate * 100)) / 10_000);
  const shopCents = paidCents - commissionCents;

  // The admin holds the shop's payouts from the payouts table, found by its name.
  await page.goto('/dashboard/shopPayouts');
  await expect(page.getByRole('heading', { name: /^Payouts/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search shops by name' }).fill(farm.shop);
  const row = page.getByRole('row').filter({ hasText: farm.shop });
  const hold = row.getByRole('button', { name: `Hold payouts of ${farm.shop}` });
  await expect(hold).toHaveAttribute('aria-pressed', 'false');
  await expect(row).toContainText('Verified');
  await hold.click();
  await expect(page.getByText('Its money for delivered orders waits')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, hold them' }).click();
  await expect(page.getByText(`Payouts of ${farm.shop} are held`)).toBeVisible();
  await expect(hold).toHaveAttribute('aria-pressed', 'true');

  // Delivered (picked up): the month's earnings rise by at least this order's commission.
  const earnedBefore = await monthNetCents(request, adminToken);
  await moveVendorPart(request, farm.token, orderId, 'ready');
  await moveVendorPart(request, farm.token, orderId, 'delivered');
  await page.goto('/dashboard/adminHome');
  const month = page.getByRole('region', { name: 'Earnings by month' }).getByRole('row').nth(1);
  await expect(async () => {
    await page.reload();
    await expect(month).toBeVisible();
    const net = await monthNetCents(request, adminToken);
    expect(net - earnedBefore).toBeGreaterThanOrEqual(commissionCents);
    await expect(month).toContainText(dollars(net / 100), { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText('Card payments for orders, net of refunds and cancelled lines')).toBeVisible();
  await checkA11y(page);
  await shot(page, 'admin-earnings', { widths: PHONE_AND_LAPTOP });

  // The held shop is owed its part less the commission; releasing the hold sends it.
  await page.goto(`/dashboard/shopPayouts?shop=${encodeURIComponent(farm.shop)}`);
  await expect(row).toContainText(`${dollars(shopCents / 100)}${dollars(0)}Verified`);
  await checkA11y(page);
  await shot(page, 'admin-payouts', { widths: PHONE_AND_LAPTOP });
  await hold.click();
  await expect(page.getByText(`Payouts of ${farm.shop} released`)).toBeVisible();
  await expect(hold).toHaveAttribute('aria-pressed', 'false');
  await expect(row).toContainText(`${dollars(0)}${dollars(shopCents / 100)}Verified`);
});
