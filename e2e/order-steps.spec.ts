import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, shot, signInWith, tokenOf } from './helpers.ts';
import {
  DEMO_VENDOR,
  dollars,
  moveVendorPart,
  OTHER_VENDORS_PASSWORD,
  placeOrder,
  productsOfTwoShops,
} from './order-fixtures.ts';

/**
 * The customer follows each shop's step of an order in the payment history and on the invoice, and sees
 * the refund of what a shop cancelled.
 */

/** The history row of one payment (wide screens; phones show cards). */
function paymentRow(page: Page, orderNumber: string): Locator {
  return page.getByRole('row').filter({ hasText: orderNumber });
}

test('the customer sees each shop step by step: ready for pickup, cancelled, picked up, then complete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request, 'steps');
  const [demoProduct, otherProduct] = await productsOfTwoShops(request);
  const payment = await placeOrder(request, customer.token, [demoProduct, otherProduct]);
  const demoVendor = await tokenOf(request, DEMO_VENDOR);
  const otherVendor = await tokenOf(request, { email: otherProduct.email, password: OTHER_VENDORS_PASSWORD });

  await signInWith(page, customer.token);
  await page.goto('/dashboard/userPaymentHistory');
  await expect(page.getByRole('heading', { name: 'Transaction History List: 1' })).toBeVisible();
  const entry = paymentRow(page, payment.orderNumber);
  await expect(entry.getByText(`${demoProduct.shopName}: Ordered`, { exact: true })).toBeVisible();
  await expect(entry.getByText(`${otherProduct.shopName}: Ordered`, { exact: true })).toBeVisible();
  await expect(entry.getByText('pending', { exact: true })).toBeVisible();
  await checkA11y(page);

  // Both parts are pickups: a pickup is never shipped.
  const shipped = await request.patch(`/api/vendor/orders/${payment.orderId}`, {
    headers: bearer(demoVendor),
    data: { status: 'shipped' },
  });
  expect(shipped.status()).toBe(409);
  // The demo vendor packs its part: the customer sees 'Ready for pickup' for that shop only, the order still pending.
  await moveVendorPart(request, demoVendor, payment.orderId, 'ready');
  await page.reload();
  await expect(entry.getByText(`${demoProduct.shopName}: Ready for pickup`, { exact: true })).toBeVisible();
  await expect(entry.getByText(`${otherProduct.shopName}: Ordered`, { exact: true })).toBeVisible();
  await expect(entry.getByText('pending', { exact: true })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'history-ready-1280');

  // The other shop cancels its part; the shopper picks the demo vendor's up: the order is complete (green).
  await moveVendorPart(request, otherVendor, payment.orderId, 'cancelled');
  await moveVendorPart(request, demoVendor, payment.orderId, 'delivered');
  await page.reload();
  await expect(entry.getByText(`${demoProduct.shopName}: Picked up`, { exact: true })).toBeVisible();
  await expect(entry.getByText(`${otherProduct.shopName}: Cancelled`, { exact: true })).toBeVisible();
  await expect(entry.getByText('complete', { exact: true })).toBeVisible();
  await expect(entry.getByText('complete', { exact: true })).toHaveClass(/bg-green-700/);
  // What the cancelled shop sold is back on the card: what, how much, its status, and what was paid in the end.
  const cancelledLine = payment.productIds.find((line) => line.shopId === otherProduct.shopId)!;
  // On wide screens the refunds are a row of their own under the payment's row.
  const refunds = page.getByRole('list', { name: `Refunds of ${payment.orderNumber}` });
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds.getByRole('listitem')).toContainText(`−${dollars(cancelledLine.totalPrice)}`);
  await expect(refunds.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(
    refunds.getByText(`${cancelledLine.itemName} ×1 (${cancelledLine.shopName}), cancelled by the shop`),
  ).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ has: refunds })
      .getByText(`Net paid ${dollars(payment.price - cancelledLine.totalPrice)}`),
  ).toBeVisible();
  await checkA11y(page);
  await shot(page, 'history-delivered-1280');
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'history-refunded-1366');

  // On a phone the same payment is a card that shows the steps, and it scrolls nowhere sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('article').filter({ hasText: payment.orderNumber });
  await expect(card.getByText(`${demoProduct.shopName}: Picked up`, { exact: true })).toBeVisible();
  await expect(card.getByText('complete', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: `Refunds of ${payment.orderNumber}` })).toContainText('Refunded');
  await expect(card.getByText(`Net paid ${dollars(payment.price - cancelledLine.totalPrice)}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
  await shot(page, 'history-delivered-390');

  // The invoice has a Delivery section per shop.
  await card.getByRole('link', { name: `Invoice for ${payment.orderNumber}` }).click();
  await expect(page.getByRole('heading', { name: 'Invoice', exact: true })).toBeVisible();
  await expect(page.getByText(`Order: ${payment.orderNumber}`)).toBeVisible();
  const delivery = page.getByRole('list', { name: 'Delivery steps by shop' });
  await expect(delivery.getByText(`${demoProduct.shopName}: Picked up`, { exact: true })).toBeVisible();
  await expect(delivery.getByText(`${otherProduct.shopName}: Cancelled`, { exact: true })).toBeVisible();
  // The invoice says which line was cancelled and refunded, the refund, and the net paid.
  const items = page.getByRole('region', { name: 'Invoice items' });
  await expect(
    items
      .getByRole('row')
      .filter({ hasText: cancelledLine.itemName })
      .filter({ hasText: /Cancelled/ }),
  ).toContainText(`${dollars(cancelledLine.totalPrice)} Refunded`);
  await expect(items.getByRole('row', { name: /^Refund: / })).toContainText(
    `${cancelledLine.itemName} ×1 (${cancelledLine.shopName}), cancelled by the shop · Refunded`,
  );
  await expect(items.getByRole('row', { name: /^Refund: / })).toContainText(`−${dollars(cancelledLine.totalPrice)}`);
  await expect(items.getByRole('row', { name: /^Net paid/ })).toContainText(
    dollars(payment.price - cancelledLine.totalPrice),
  );
  await checkA11y(page);
  await shot(page, 'invoice-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(delivery.getByText(`${demoProduct.shopName}: Picked up`, { exact: true })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'invoice-1280');
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'invoice-refunded-1366');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Delivery', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await shot(page, 'invoice-print');
  await page.emulateMedia({ media: 'screen' });
});

test('an order every shop cancelled shows as cancelled, refunded in full', async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request, 'steps');
  const [demoProduct] = await productsOfTwoShops(request);
  const payment = await placeOrder(request, customer.token, [demoProduct]);
  await moveVendorPart(request, await tokenOf(request, DEMO_VENDOR), payment.orderId, 'cancelled');

  await page.setViewportSize({ width: 390, height: 844 });
  await signInWith(page, customer.token);
  await page.goto('/dashboard/userPaymentHistory');
  const card = page.getByRole('article').filter({ hasText: payment.orderNumber });
  await expect(card.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('complete', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('list', { name: `Refunds of ${payment.orderNumber}` })).toContainText(
    `−${dollars(payment.price)}`,
  );
  await expect(card.getByText('Net paid $0.00')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
  await shot(page, 'history-cancelled-390');

  await card.getByRole('link', { name: `Invoice for ${payment.orderNumber}` }).click();
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(overview.getByText(`${dollars(payment.price)} Refunded`)).toBeVisible();
  await checkA11y(page);
  await shot(page, 'invoice-cancelled-390');
});
