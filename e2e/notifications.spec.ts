import type { Page } from '@playwright/test';
import { checkA11y, expect, hydrated, test } from './fixtures.ts';
import { PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf } from './helpers.ts';
import { DEMO_VENDOR, moveVendorPart, placeOrder, productsOfTwoShops } from './order-fixtures.ts';

/** A shopper hears from the bell that their order is paid, then that it is ready for pickup. */

/**
 * The header's bell with this unread count; the job delivers within seconds, and a reload asks the server again. The
 * page is reloaded only after 5 s without it: at once, it aborted a "mark as read" still on its way (a loaded 2-core
 * machine, 2026-11-29: the click never counted, and the journey failed on its retry too).
 */
async function expectBell(page: Page, unread: number) {
  const bell = page.getByRole('link', { name: `Notifications, ${unread} unread` });
  await expect(async () => {
    await expect(bell)
      .toBeVisible({ timeout: 5_000 })
      .catch(async (error) => {
        await page.reload();
        throw error;
      });
  }).toPass({ timeout: 30_000 });
  return bell;
}

test('the bell shows the receipt, then "Ready for pickup" once the shop has packed the order; reading clears it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'bell');
  const [product] = await productsOfTwoShops(request);
  const payment = await placeOrder(request, shopper.token, [product]);
  await signInWith(page, shopper.token);
  await page.goto('/');
  await hydrated(page);

  await (await expectBell(page, 1)).click();
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  await expect(
    page.getByRole('link', { name: `Unread: Thank you for your order ${payment.orderNumber}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('Nothing unread.')).toBeVisible();
  await expectBell(page, 0);

  await moveVendorPart(request, await tokenOf(request, DEMO_VENDOR), payment.orderId, 'ready');
  await expectBell(page, 1);
  const ready = page.getByRole('link', { name: `Unread: ${product.shopName}: Ready for pickup` });
  await expect(ready).toBeVisible();
  await expect(
    page.getByText(`Your order ${payment.orderNumber} from ${product.shopName} is now: Ready for pickup.`),
  ).toBeVisible();
  await checkA11y(page);
  await shot(page, 'notifications', { widths: PHONE_AND_LAPTOP });

  await page.getByRole('button', { name: `Mark “${product.shopName}: Ready for pickup” as read` }).click();
  await expectBell(page, 0);
  await expect(page.getByRole('link', { name: `${product.shopName}: Ready for pickup`, exact: true })).toBeVisible();
  await ready.waitFor({ state: 'detached' });
  await expect(page.getByRole('link', { name: `${product.shopName}: Ready for pickup`, exact: true })).toHaveAttribute(
    'href',
    `/dashboard/invoice/${payment._id}`,
  );
});

test('an admin reads the outbox: each delivery, and the e-mails written as files without SMTP, to download', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'outbox');
  const [product] = await productsOfTwoShops(request);
  const payment = await placeOrder(request, shopper.token, [product]);
  await signInWith(page, await tokenOf(request, { email: 'admin@farmstall.example', password: 'Admin#2026!' }));
  await page.goto('/dashboard/outbox');
  const files = page.getByRole('region', { name: 'E-mails written as files' });
  const receipt = page.getByRole('listitem').filter({
    hasText: `Thank you for your order ${payment.orderNumber} to ${shopper.email}`,
  });
  await expect(async () => {
    await page.reload();
    await expect(receipt).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /^Outbox: \d+$/ })).toBeVisible();
  await expect(files).toBeVisible();
  const download = page.waitForEvent('download');
  await receipt.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.eml$/);
  await checkA11y(page);
  await shot(page, 'outbox', { widths: PHONE_AND_LAPTOP });
});
