import { checkA11y, expect, test } from './fixtures.ts';
import { PHONE_AND_LAPTOP, registerCustomer, SAMPLE_PICTURE, shot, signInWith, tokenOf } from './helpers.ts';
import { DEMO_VENDOR, dollars, moveVendorPart, placeOrder, productsOfTwoShops } from './order-fixtures.ts';

/**
 * A reported problem (issue 33, item 5): a shopper reports a damaged line of a delivered order with a photo, the admin
 * finds the report on the order desk, refunds that one line with the report's reason, and the shopper sees the refund
 * and the report resolved.
 */

const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };

test('a shopper reports a damaged line with a photo; the admin refunds it from the order desk; the shopper sees it resolved', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'problem');
  const [product] = await productsOfTwoShops(request);
  const payment = await placeOrder(request, shopper.token, [product]);
  const vendor = await tokenOf(request, DEMO_VENDOR);
  await moveVendorPart(request, vendor, payment.orderId, 'ready');
  await moveVendorPart(request, vendor, payment.orderId, 'delivered');
  const [line] = payment.productIds;

  // The shopper's order page: Report a problem on the delivered part.
  await signInWith(page, shopper.token);
  await page.goto(`/dashboard/invoice/${payment._id}`);
  await page.getByRole('button', { name: `Report a problem: ${product.shopName}` }).click();
  const form = page.getByRole('dialog');
  await expect(form).toContainText(`Report a problem with your order from ${product.shopName}`);
  // Sent without a reason: the form says what is missing and sends nothing.
  await form.getByRole('button', { name: 'Send the report' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose what went wrong.');
  await form.getByLabel('What went wrong').selectOption({ label: 'Arrived damaged' });
  await form.getByRole('checkbox', { name: line.itemName }).check();
  await form.getByLabel('A photo (optional)').setInputFiles(SAMPLE_PICTURE);
  await expect(form.getByRole('img', { name: 'What you saw, as sent' })).toBeVisible();
  await form.getByLabel('What happened').fill('The jar arrived cracked and sticky.');
  await checkA11y(page);
  await shot(page, 'problem-report-form', { widths: PHONE_AND_LAPTOP });
  await form.getByRole('button', { name: 'Send the report' }).click();
  await expect(page.getByText(`Your report is sent to ${product.shopName} and our team`)).toBeVisible();
  await expect(form).toBeHidden();
  const delivery = page.getByRole('region', { name: 'Delivery', exact: true });
  await expect(delivery).toContainText('Open');
  await expect(delivery).toContainText('The jar arrived cracked and sticky.');
  await expect(delivery.getByRole('button', { name: /^Report a problem/ })).toHaveCount(0);

  // The shop reads it on its orders page, and the order is marked.
  await signInWith(page, vendor);
  await page.goto(`/dashboard/vendorOrder?q=${payment.orderNumber}`);
  await expect(page.getByText(/Problems shoppers reported · \d+ open/)).toBeVisible();
  await expect(page.getByText('The jar arrived cracked and sticky.').first()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(payment.orderNumber) })).toContainText('Problem reported');
  await checkA11y(page);
  await shot(page, 'problem-vendor', { widths: PHONE_AND_LAPTOP });

  // The admin finds it among the open reports on the order desk.
  await signInWith(page, await tokenOf(request, ADMIN));
  await page.goto('/dashboard/adminOrders');
  const open = page.getByRole('region', { name: /^Problems reported/ });
  const row = open.getByRole('row', { name: new RegExp(payment.orderNumber) });
  await expect(row).toContainText(`Arrived damaged: ${line.itemName} (photo)`);
  await checkA11y(page);
  await shot(page, 'problem-desk-list', { widths: PHONE_AND_LAPTOP });
  await row.getByRole('link', { name: payment.orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${payment.orderNumber}`);
  const reported = page.getByRole('region', { name: 'Problems reported' });
  await expect(reported.getByRole('img', { name: 'What the shopper saw: Arrived damaged' })).toBeVisible();
  await expect(reported).toContainText('The jar arrived cracked and sticky.');
  await checkA11y(page);
  await shot(page, 'problem-story', { widths: PHONE_AND_LAPTOP });

  // One line back, the report's reason filled in; the report is resolved with it.
  await reported.getByRole('button', { name: `Refund ${line.itemName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Refund ${line.itemName} ×1`);
  await expect(dialog.getByLabel('Why')).toHaveValue('damaged');
  await expect(dialog).toContainText('The shopper’s report is resolved with this refund.');
  await dialog.getByRole('button', { name: 'Give the refund' }).click();
  await expect(page.getByText(`${dollars(line.totalPrice)} refunded for ${line.itemName} ×1`)).toBeVisible();
  await expect(reported).toContainText('Resolved');
  await expect(reported).toContainText(`What was done: Refunded ${dollars(line.totalPrice)} for ${line.itemName}`);
  await expect(reported.getByRole('button', { name: `Refund ${line.itemName}` })).toHaveCount(0);
  const refunds = page.getByRole('region', { name: 'Refunds', exact: true });
  await expect(refunds.getByRole('row', { name: new RegExp(`${line.itemName} ×1`) })).toContainText('Arrived damaged');
  await page.goto('/dashboard/adminOrders');
  await expect(open.getByRole('row', { name: new RegExp(payment.orderNumber) })).toHaveCount(0);

  // The shopper sees the refund on their order and the report resolved with what was done.
  await signInWith(page, shopper.token);
  await page.goto(`/dashboard/invoice/${payment._id}`);
  const items = page.getByRole('region', { name: 'Invoice items' });
  await expect(items.getByRole('row', { name: /^Refund: / })).toContainText('refunded after delivery');
  await expect(items.getByRole('row', { name: /^Net paid/ })).toContainText(
    dollars(Math.round((payment.price - line.totalPrice) * 100) / 100),
  );
  await expect(delivery).toContainText('Resolved');
  await expect(delivery).toContainText(`What was done: Refunded ${dollars(line.totalPrice)} for ${line.itemName}`);
  await shot(page, 'problem-resolved-shopper', { widths: PHONE_AND_LAPTOP });
});
