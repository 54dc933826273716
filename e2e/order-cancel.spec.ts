import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, shot, signInWith, tokenOf } from './helpers.ts';
import {
  DEMO_VENDOR,
  moveVendorPart,
  OTHER_VENDORS_PASSWORD,
  placeOrder,
  productsOfTwoShops,
  type ShopSlot,
} from './order-fixtures.ts';

/**
 * The shopper's order page (the invoice with each shop's steps): the slot and place, cancelling a shop's part before
 * its ordering closes, the shop's Ready for pickup, and a date the shop cancelled.
 */

const UNTIL = /^You can cancel until [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2} [A-Z]{3,4}\.$/;

const stepsOf = (page: Page) => page.getByRole('list', { name: 'Delivery steps by shop' });
const cancelButton = (page: Page, shopName: string) =>
  stepsOf(page).getByRole('button', { name: `Cancel this shop's part: ${shopName}` });

test('a shopper cancels a pickup before ordering closes and sees the part cancelled and refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request, 'cancel');
  const [, product] = await productsOfTwoShops(request);
  const payment = await placeOrder(request, customer.token, [product]);
  const [handover] = payment.fulfilment;

  await page.setViewportSize({ width: 390, height: 844 });
  await signInWith(page, customer.token);
  await page.goto(`/dashboard/invoice/${payment._id}`);
  // The part is Ordered, with its slot in the shop's zone and its pickup point.
  await expect(stepsOf(page).getByText(`${product.shopName}: Ordered`, { exact: true })).toBeVisible();
  const handed = page.getByRole('list', { name: 'Pickup and delivery by shop' });
  await expect(handed).toContainText(
    new RegExp(
      `${product.shopName}: Pickup, [A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2}, \\d{2}:\\d{2}–\\d{2}:\\d{2} [A-Z]{3,4}`,
    ),
  );
  await expect(handed).toContainText(`At ${handover.pickupPoint?.name}`);
  await expect(cancelButton(page, product.shopName)).toBeVisible();
  await expect(stepsOf(page).getByText(UNTIL)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
  await shot(page, 'order-cancel-before-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'order-cancel-before-1280');

  // Asked first, with what comes back; then the part is Cancelled and refunded, and the button is gone.
  await cancelButton(page, product.shopName).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Cancel your order from ${product.shopName}?`);
  // The figure is what the cancellation then refunds (the history and invoice below say it too).
  await expect(dialog).toContainText(`$${payment.price.toFixed(2)} is refunded to your card.`);
  await dialog.getByRole('button', { name: 'Yes, cancel it!' }).click();
  await expect(page.getByText(`Your order from ${product.shopName} is cancelled`)).toBeVisible();
  await expect(stepsOf(page).getByText(`${product.shopName}: Cancelled`, { exact: true })).toBeVisible();
  await expect(cancelButton(page, product.shopName)).toHaveCount(0);
  const items = page.getByRole('region', { name: 'Invoice items' });
  await expect(items.getByRole('row', { name: /^Refund: / })).toContainText(
    `${product.productName} ×1 (${product.shopName}), cancelled by you · Refunded`,
  );
  await expect(items.getByRole('row', { name: /^Net paid/ })).toContainText('$0.00');
  await checkA11y(page);
  await shot(page, 'order-cancel-after-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'order-cancel-after-390');

  // The payment history says the same.
  await page.goto('/dashboard/userPaymentHistory');
  const card = page.getByRole('article').filter({ hasText: payment.orderNumber });
  await expect(card.getByText(`${product.shopName}: Cancelled`, { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: `Refunds of ${payment.orderNumber}` })).toContainText('cancelled by you');
  await expect(card.getByText('cancelled', { exact: true })).toBeVisible();
});

/** The shop's window of a booked pickup slot, read from its settings (weekday and start in the shop's zone). */
async function windowOf(request: APIRequestContext, vendorToken: string, shopId: string, slot: ShopSlot) {
  const settings = await request.get(`/api/shops/${shopId}/fulfilment`, { headers: bearer(vendorToken) });
  expect(settings.ok(), await settings.text()).toBe(true);
  const weekday = new Date(`${slot.start.slice(0, 10)}T12:00:00Z`)
    .toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
    .toLowerCase();
  const point = (await settings.json()).pickupPoints.find((p: { id: string }) => p.id === slot.pickupPoint?.id);
  const window = point.windows.find(
    (w: { weekday: string; start: string }) => w.weekday === weekday && w.start === slot.start.slice(11, 16),
  );
  expect(window, 'the booked window').toBeTruthy();
  return window.id as string;
}

test('the shopper sees Ready for pickup, and a date the shop cancelled with its reason: moves, then cancels for a full refund', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The demo vendor packs an order: Ready for pickup, and the shopper can no longer cancel it.
  const customer = await registerCustomer(request, 'ready');
  const [demoProduct, otherProduct] = await productsOfTwoShops(request);
  const ready = await placeOrder(request, customer.token, [demoProduct]);
  await moveVendorPart(request, await tokenOf(request, DEMO_VENDOR), ready.orderId, 'ready');
  await signInWith(page, customer.token);
  await page.goto(`/dashboard/invoice/${ready._id}`);
  await expect(stepsOf(page).getByText(`${demoProduct.shopName}: Ready for pickup`, { exact: true })).toBeVisible();
  await expect(cancelButton(page, demoProduct.shopName)).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'order-ready-1280');

  // Another shop cancels the date the shopper booked (its last open pickup, which no other journey books first).
  const booked = await placeOrder(request, customer.token, [otherProduct], 'last');
  const [handover] = booked.fulfilment;
  const vendor = await tokenOf(request, { email: otherProduct.email, password: OTHER_VENDORS_PASSWORD });
  const slots = (await (await request.get(`/api/shops/${handover.shopId}/slots`)).json()).slots as ShopSlot[];
  const slot = slots.find((s) => s.start === handover.start && s.pickupPoint?.name === handover.pickupPoint?.name);
  expect(slot, 'the booked slot').toBeTruthy();
  const windowId = await windowOf(request, vendor, handover.shopId, slot as ShopSlot);
  const made = await request.post(`/api/shops/${handover.shopId}/fulfilment/cancellations`, {
    headers: bearer(vendor),
    data: { windowId, date: handover.start.slice(0, 10), reason: 'Market closed for the parade' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  try {
    // The slot's date as the shop's zone names it (the ISO start carries the shop's offset).
    const day = new Date(`${handover.start.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    const notice = `The shop cancelled pickup on ${day.replace(',', '')} (Market closed for the parade). Cancel this part for a full refund, or contact the shop.`;
    await page.goto('/dashboard/userPaymentHistory');
    const row = page.getByRole('row').filter({ hasText: booked.transactionId });
    await expect(row.getByText(notice)).toBeVisible();
    await checkA11y(page);
    await shot(page, 'history-slot-cancelled-1280');

    await page.goto(`/dashboard/invoice/${booked._id}`);
    await expect(stepsOf(page).getByText(notice)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'order-slot-cancelled-390');
    // The shopper moves the part to another open pickup time of the shop: the notice goes, the new time shows.
    const times = stepsOf(page).getByLabel('Move to another pickup time');
    const first = times.locator('option:not([value=""])').first();
    const label = (await first.textContent()) ?? '';
    await times.selectOption((await first.getAttribute('value')) as string);
    await stepsOf(page).getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText(`Your order from ${otherProduct.shopName} is moved to the new time`)).toBeVisible();
    await expect(stepsOf(page).getByText(notice)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Pickup and delivery by shop' })).toContainText(
      `${otherProduct.shopName}: Pickup, ${label.split(' · ')[0]}`,
    );
    await checkA11y(page);
    await shot(page, 'order-moved-390');
    // It can still be cancelled before the new time's ordering closes.
    await cancelButton(page, otherProduct.shopName).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it!' }).click();
    await expect(stepsOf(page).getByText(`${otherProduct.shopName}: Cancelled`, { exact: true })).toBeVisible();
    await expect(stepsOf(page).getByText(notice)).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Invoice items' }).getByRole('row', { name: /^Net paid/ }),
    ).toContainText('$0.00');
    await checkA11y(page);
  } finally {
    // The demo shop takes its holiday back, so later journeys find the slot as seeded.
    await request.delete(`/api/shops/${handover.shopId}/fulfilment/cancellations/${(await made.json()).id}`, {
      headers: bearer(vendor),
    });
  }
});
