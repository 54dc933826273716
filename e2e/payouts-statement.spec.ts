import type { APIRequestContext } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';
import { moveVendorPart, openForPickupEveryDay, type Product, placeOrder } from './order-fixtures.ts';

/**
 * A vendor's payouts after a sale: it connects a sandbox payout account, its part of an order is delivered, the
 * Payouts page shows the transfer with its order, and the month's statement downloads as CSV and PDF (issue 15,
 * items 4 and 7). Its own new shop, so no other journey's orders are in its figures; the commission is read from
 * the API, as another journey may change it meanwhile.
 */

/** A new shop open for pickup every day, with one product; answers the vendor's token and the product. */
async function freshShop(request: APIRequestContext) {
  const owner = await registerCustomer(request, 'payee');
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: `Statement Farm ${unique()}`,
      date: '2019-05-01',
      address: '9 Ledger Lane, Salem',
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
      productName: `Statement squash ${unique()}`,
      productDetails: 'Butternut squash, kept for the winter.',
      productQuantity: 20,
      productionCost: 4,
      profitMargin: 25,
      productManufacturingDate: dayFromToday(-1),
      productExpireDate: dayFromToday(60),
      productImage: sample.productImage,
      productCategory: 'vegetable',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const product = (await created.json()).product as Product & { shopId: string };
  await openForPickupEveryDay(request, token, product.shopId, { name: 'Barn door', address: '9 Ledger Lane, Salem' });
  return { token, product };
}

test('a vendor is paid for a delivered order and downloads the month’s statement', async ({ page, request }) => {
  test.setTimeout(150_000);
  const vendor = await freshShop(request);
  await signInWith(page, vendor.token);

  // The vendor connects its sandbox payout account.
  await page.goto('/dashboard/payouts');
  await page.getByRole('button', { name: 'Connect a payout account' }).click();
  await page.getByLabel('Account holder').fill('Sam Squash');
  await page.getByLabel('Routing number').fill('110000000');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByText(/^Your payout account is verified: each order/)).toBeVisible();
  await expect(page.getByText('No transfers yet')).toBeVisible();

  // A shopper buys the squash; the vendor hands it over.
  const shopper = await registerCustomer(request, 'statement-shopper');
  const payment = await placeOrder(request, shopper.token, [vendor.product]);
  await moveVendorPart(request, vendor.token, payment.orderId, 'ready');
  await moveVendorPart(request, vendor.token, payment.orderId, 'delivered');
  // Sent by the payouts job once the 10 seconds in which the vendor may undo the last step have passed (decision 059).
  const paidTransfer = async () => {
    const transfers = await request.get('/api/payouts/transfers', { headers: bearer(vendor.token) });
    return (await transfers.json()).items[0];
  };
  await expect.poll(async () => (await paidTransfer())?.state, { timeout: 60_000 }).toBe('paid');
  const transfer = await paidTransfer();
  expect(transfer).toMatchObject({ orderId: payment.orderId, state: 'paid' });

  // The Payouts page shows it, with its order.
  await page.reload();
  const list = page.getByRole('region', { name: 'Your transfers, newest first' });
  const shown = list.getByRole('row').filter({ hasText: payment.orderNumber });
  await expect(shown).toContainText(`$${transfer.amount.toFixed(2)}`);
  await expect(shown).toContainText('Paid');
  const balance = page.getByRole('region', { name: 'Your balance' });
  await expect(balance).toContainText(`Paid$${transfer.amount.toFixed(2)}`);
  await checkA11y(page);
  await shot(page, 'payouts-statement', { widths: PHONE_AND_LAPTOP });

  // The month's statement, as CSV then PDF.
  const statements = page.getByRole('region', { name: 'Monthly statements' });
  const csvButton = statements.getByRole('button', { name: /\(CSV\)$/ }).first();
  const csvDownload = page.waitForEvent('download');
  await csvButton.click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^farmstall-statement-\d{4}-\d\d\.csv$/);
  const csv = await (await csvFile.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\r\n')[0]).toBe(
    'Date,Type,Order,Product,Quantity,Price paid,Tax rate,Tax (remitted by Farmstall),Commission rate,Commission,Net to you,Paid to your account',
  );
  expect(text).toContain(`,Sale,${payment.orderNumber},${vendor.product.productName},1,${transfer.goods.toFixed(2)},`);
  expect(text).toContain(
    `,Transfer,${payment.orderNumber},Sent to your payout account,,,,,,,,${transfer.amount.toFixed(2)}`,
  );
  expect(text).toContain('owed at the end: reconciles');

  const pdfDownload = page.waitForEvent('download');
  await statements
    .getByRole('button', { name: /\(PDF\)$/ })
    .first()
    .click();
  const pdfFile = await pdfDownload;
  expect(pdfFile.suggestedFilename()).toMatch(/^farmstall-statement-\d{4}-\d\d\.pdf$/);
  const pdf = Buffer.concat(await (await pdfFile.createReadStream()).toArray());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
