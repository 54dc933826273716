import { checkA11y, expect, test } from './fixtures.ts';
import { PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf } from './helpers.ts';
import { DEMO_VENDOR, dollars, moveVendorPart, placeOrder, productsOfTwoShops } from './order-fixtures.ts';

/** The order desk: an admin finds a delivered order by its shopper, reads its story and refunds one line of it. */

const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };

/** A surname of letters no other journey's shopper has. */
const surname = () =>
  `Desk${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('an admin finds an order by its shopper, refunds one line with a reason, and the shopper sees the refund', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Quinn ${surname()}`;
  const shopper = await registerCustomer(request, 'desk', { name });
  const [product] = await productsOfTwoShops(request);
  const payment = await placeOrder(request, shopper.token, [product]);
  const vendor = await tokenOf(request, DEMO_VENDOR);
  await moveVendorPart(request, vendor, payment.orderId, 'ready');
  await moveVendorPart(request, vendor, payment.orderId, 'delivered');
  const [line] = payment.productIds;

  await signInWith(page, await tokenOf(request, ADMIN));
  await page.goto('/dashboard/adminHome');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Orders/ })).toBeVisible();
  await page.getByLabel('Order number or shopper').fill(name);
  await page.getByRole('button', { name: 'Search orders' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders: 1');
  const found = page.getByRole('link', { name: payment.orderNumber });
  await expect(found).toBeVisible();
  await checkA11y(page);
  await shot(page, 'order-desk-search', { widths: PHONE_AND_LAPTOP });

  await found.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${payment.orderNumber}`);
  const part = page.getByRole('region', { name: product.shopName });
  await expect(part.getByRole('list', { name: `Steps of ${product.shopName}` })).toContainText('Picked up');
  const lines = part.getByRole('region', { name: `Lines of ${product.shopName}` });
  await expect(lines).toContainText(`${line.itemName} ×1`);
  await expect(page.getByRole('region', { name: 'Payouts to the shops', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages sent', exact: true })).toContainText('Receipt');
  await checkA11y(page);
  await shot(page, 'order-desk-story', { widths: PHONE_AND_LAPTOP });

  // One line back, with why: asked in a dialog that says what is left of it.
  await lines.getByRole('button', { name: `Refund ${line.itemName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Refund ${line.itemName} ×1`);
  await expect(dialog).toContainText(`At most ${dollars(line.totalPrice)} is left to refund for it.`);
  await dialog.getByLabel('Why').selectOption({ label: 'Arrived damaged' });
  await dialog.getByLabel('Note (kept with the refund)').fill('The jar arrived cracked');
  await checkA11y(page);
  await shot(page, 'order-desk-refund', { widths: PHONE_AND_LAPTOP });
  await dialog.getByRole('button', { name: 'Give the refund' }).click();
  await expect(page.getByText(`${dollars(line.totalPrice)} refunded for ${line.itemName} ×1`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const refunds = page.getByRole('region', { name: 'Refunds', exact: true });
  const row = refunds.getByRole('row', { name: new RegExp(`${line.itemName} ×1`) });
  await expect(row).toContainText(dollars(line.totalPrice));
  await expect(row).toContainText('Arrived damaged: The jar arrived cracked');
  await expect(row).toContainText('Given back');
  await expect(lines.getByRole('button', { name: `Refund ${line.itemName}` })).toHaveCount(0);
  await shot(page, 'order-desk-refunded', { widths: PHONE_AND_LAPTOP });

  // The shopper's invoice and payment history show the refund.
  await signInWith(page, shopper.token);
  await page.goto(`/dashboard/invoice/${payment._id}`);
  const items = page.getByRole('region', { name: 'Invoice items' });
  await expect(items.getByRole('row', { name: /^Refund: / })).toContainText('refunded after delivery');
  await expect(items.getByRole('row', { name: /^Net paid/ })).toContainText(
    dollars(Math.round((payment.price - line.totalPrice) * 100) / 100),
  );
  await page.goto('/dashboard/userPaymentHistory');
  await expect(page.getByRole('list', { name: `Refunds of ${payment.orderNumber}` })).toContainText(
    'refunded after delivery',
  );
});
