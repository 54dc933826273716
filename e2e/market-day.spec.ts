import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';
import { openForPickupEveryDay, type Payment, payForCart, type ShopSlot } from './order-fixtures.ts';

/**
 * Market day (issue 33, item 4; decision 059): a shop's 20 pickup orders of one slot go from paid to picked up on a
 * 360 px phone in at most 2 taps an order: Mark all ready, then one "Picked up" each. At the table the vendor finds
 * one shopper by the order's number and one by name, and takes one step back with Undo.
 */

const ORDERS = 20;
const POINT = { name: 'Market hall stall 4', address: '200 Liberty St NE, Salem' };
const HOME = '7 Orchard Road, Salem';

/** A new shop of its own, open for pickup every day (20 places a slot), with one product of 40 in stock. */
async function freshShop(request: APIRequestContext) {
  const owner = await registerCustomer(request, 'market');
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: `Market Day Farm ${unique()}`,
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
      productName: `Market carrots ${unique()}`,
      productDetails: 'Bunched carrots, pulled this morning.',
      productCategory: 'vegetable',
      productQuantity: 40,
      productionCost: 2,
      profitMargin: 25,
      productManufacturingDate: dayFromToday(-1),
      productExpireDate: dayFromToday(30),
      productImage: sample.productImage,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const product = (await created.json()).product as { _id: string; shopId: string };
  await openForPickupEveryDay(request, token, product.shopId, POINT);
  return { token, product };
}

/** A new shopper, named `name`, buys one for pickup in the slot and pays in the sandbox; answers the payment. */
async function buy(request: APIRequestContext, productId: string, shopId: string, slotId: string, name: string) {
  const shopper = await registerCustomer(request, 'stall', { name });
  const added = await request.post('/api/carts', { headers: bearer(shopper.token), data: { productId, amount: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const chosen = await request.put(`/api/cart/fulfilment/${shopId}`, {
    headers: bearer(shopper.token),
    data: { slotId, note: null },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return payForCart(request, shopper.token, name);
}

/** Every tap (click) the vendor makes, counted. */
function tapper() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    count: () => taps,
  };
}

const card = (page: Page, name: string) => page.getByRole('article', { name: `Order of ${name}` });

test('a vendor takes 20 pickup orders from paid to picked up at 360 px in at most 2 taps an order', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token, product } = await freshShop(request);
  // Tomorrow's slot or later, so its ordering does not close while the orders are placed.
  const { slots } = (await (await request.get(`/api/shops/${product.shopId}/slots`)).json()) as { slots: ShopSlot[] };
  const slot = slots.filter((s) => s.kind === 'pickup' && s.status === 'open')[1];
  expect(slot, 'an open pickup slot after the first').toBeTruthy();

  const names = Array.from({ length: ORDERS }, (_, i) => `Stall Shopper ${String(i + 1).padStart(2, '0')} ${unique()}`);
  const payments: Payment[] = [];
  for (let i = 0; i < ORDERS; i += 5) {
    const batch = names.slice(i, i + 5).map((name) => buy(request, product._id, product.shopId, slot.id, name));
    payments.push(...(await Promise.all(batch)));
  }

  await page.setViewportSize({ width: 360, height: 780 });
  await signInWith(page, token);
  await page.goto('/dashboard/vendorOrder');
  const section = page.getByRole('region', { name: new RegExp(`Pickup at ${POINT.name} · ${ORDERS} orders$`) });
  await expect(section.getByRole('article')).toHaveCount(ORDERS);
  // A pickup order says where and when it is collected, not the shopper's home.
  const first = card(page, names[0]);
  await expect(first).toContainText(`Pickup at ${POINT.name} · `);
  await expect(first).not.toContainText(HOME);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await checkA11y(page);

  const { tap, count } = tapper();

  // All ready in one tap.
  await tap(section.getByRole('button', { name: /^Mark all ready: 20 orders/ }));
  await expect(page.getByRole('status').filter({ hasText: `${ORDERS} orders ready for pickup` })).toBeVisible();
  await expect(section.getByRole('article').filter({ hasText: 'Ready for pickup' })).toHaveCount(ORDERS);
  await shot(page, 'market-day-ready-360');

  const finder = page.getByLabel('Find an order');
  const pickUp = async (name: string) => {
    await tap(card(page, name).getByRole('button', { name: `Picked up the order of ${name}` }));
    await expect(card(page, name)).toContainText('No action needed');
  };

  // A shopper gives the order's number: the list narrows to that order as it is typed.
  const byNumber = payments[6];
  await tap(finder);
  await finder.fill(byNumber.orderNumber);
  await expect(section.getByRole('article')).toHaveCount(1);
  await shot(page, 'market-day-found-360');
  await pickUp(names[6]);
  // The wrong one after all: Undo puts it back to ready, then the right tap.
  await tap(page.getByRole('status').getByRole('button', { name: 'Undo' }));
  await expect(card(page, names[6]).getByRole('button', { name: `Picked up the order of ${names[6]}` })).toBeVisible();
  await expect(card(page, names[6])).toContainText('Ready for pickup');
  await pickUp(names[6]);

  // Another gives their name.
  await tap(finder);
  await finder.fill(names[13].toLowerCase());
  await expect(section.getByRole('article')).toHaveCount(1);
  await pickUp(names[13]);

  // The rest, one tap each.
  await tap(finder);
  await finder.fill('');
  await expect(section.getByRole('article')).toHaveCount(ORDERS);
  for (const name of names) {
    if (name === names[6] || name === names[13]) continue;
    await pickUp(name);
  }

  // 1 (all ready) + 2 finds + 1 clearing + 21 picked up + 1 undo = 26 taps, within 2 an order.
  expect(count()).toBeLessThanOrEqual(2 * ORDERS);
  console.info(`market day: ${count()} taps for ${ORDERS} orders`);

  const mine = await request.get('/api/vendor/orders?limit=50', { headers: bearer(token) });
  const statuses = ((await mine.json()).items as { _id: string; status: string }[])
    .filter((order) => payments.some((p) => p.orderId === order._id))
    .map((order) => order.status);
  expect(statuses).toEqual(Array(ORDERS).fill('delivered'));
  await shot(page, 'market-day', { widths: [1280] });
});
