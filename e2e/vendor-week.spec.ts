import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';

/** The demo vendor's week: a shopper's pickup order under its slot, the pick list (page, CSV, PDF), packing slips. */

const VENDOR = { email: 'vendor@farmstall.example', password: 'Vendor#2026!' };
const SHOP = 'Green Valley Farm';
const NOTE = 'Please keep the eggs out of the sun';
/** A slot's heading: when, where, how many orders (a retry of this journey finds its first attempt's order there too). */
const HEADING =
  /^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}–\d{2}:\d{2} [A-Z]{3,4} · Pickup at .+ · (\d+) orders?$/;

type Product = { _id: string; productName: string; shopName: string; productQuantity: { value: number } };
type Slot = { id: string; kind: 'pickup' | 'delivery'; status: string; start: string };

async function ok<T>(response: Promise<{ ok: () => boolean; text: () => Promise<string>; json: () => Promise<T> }>) {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json();
}

/**
 * A new shopper buys 3 of a Green Valley product for the shop's latest open pickup slot of the coming two weeks
 * (the other journeys book the first), with a note; answers the shopper's name, the product and the slot.
 */
async function buyForPickup(request: APIRequestContext) {
  const name = `Wes Week ${unique()}`;
  const { token } = await registerCustomer(request, 'week', { name });
  const products = await ok<(Product & { expired: boolean })[]>(request.get('/api/allProducts?limit=100'));
  const product = products.find((p) => p.shopName === SHOP && !p.expired && p.productQuantity.value >= 6);
  expect(product, `a product of ${SHOP} in stock`).toBeTruthy();
  await ok(request.post('/api/carts', { headers: bearer(token), data: { productId: product?._id, amount: 3 } }));

  const plan = await ok<{ shops: { shopId: string }[] }>(
    request.get('/api/cart/fulfilment', { headers: bearer(token) }),
  );
  const shopId = plan.shops[0].shopId;
  const { slots } = await ok<{ slots: Slot[] }>(request.get(`/api/shops/${shopId}/slots`));
  const slot = slots
    .filter((s) => s.kind === 'pickup' && s.status === 'open' && s.start.slice(0, 10) <= dayFromToday(12))
    .at(-1);
  expect(slot, `an open pickup slot at ${SHOP}`).toBeTruthy();
  await ok(
    request.put(`/api/cart/fulfilment/${shopId}`, { headers: bearer(token), data: { slotId: slot?.id, note: NOTE } }),
  );

  const intent = await ok<{ paymentIntentId: string; clientSecret: string }>(
    request.post('/api/customer-payment', { headers: bearer(token), data: {} }),
  );
  await ok(
    request.post('/api/payments/sandbox/confirm', {
      headers: bearer(token),
      data: { ...intent, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  const { orderNumber } = await ok<{ orderNumber: string }>(
    request.post('/api/customerPayments', {
      headers: bearer(token),
      data: { name, phoneNumber: '+1 541 555 0111', address: '3 Orchard Road, Hood River', ...intent },
    }),
  );
  return { name, orderNumber, product: product as Product, slot: slot as Slot };
}

/** RFC 4180 CSV, enough for the sheets: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  return (
    text
      .trimEnd()
      .split('\r\n')
      // A comma splits cells only outside quotes: where an even number of quotes follows it.
      .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/))
      .map((cells) => cells.map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell)))
  );
}

/** Saves one of the slot's files from the Download menu: answers its bytes and its name. */
async function download(page: Page, item: string): Promise<{ bytes: Buffer; name: string }> {
  await page.getByText('Download', { exact: true }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: item }).click()]);
  return { bytes: await readFile((await file.path()) as string), name: file.suggestedFilename() };
}

test('the vendor finds a pickup order under its slot, prints its pick list and packing slip', async ({ page }) => {
  test.setTimeout(120_000);
  const { name, orderNumber, product, slot } = await buyForPickup(page.request);

  await signInWith(page, await tokenOf(page.request, VENDOR));
  await page.goto('/dashboard/vendorOrder');
  await expect(page.getByRole('heading', { name: 'Your Order List', level: 1 })).toBeVisible();

  // The order is under its slot's heading: when, where, how many orders.
  const section = page.getByRole('region').filter({ hasText: name });
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(HEADING);
  const counted = Number(HEADING.exec(await section.getByRole('heading', { level: 2 }).innerText())?.[1]);
  await expect(section.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(counted);
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').first()).toHaveText(orderNumber);
  await expect(row).toContainText(`${product.productName} ×3`);
  await expect(row).toContainText(`Note: ${NOTE}`);
  await expect(row).toContainText('Ordered');
  await checkA11y(page);
  await shot(page, 'vendor-week', { widths: PHONE_AND_LAPTOP });

  // The shopper gives the order's number at the market table: the week narrows to it as the vendor types, then back.
  await page.getByLabel('Find an order').fill(orderNumber);
  await expect(section.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(1);
  await expect(section.getByRole('row').filter({ hasText: name })).toContainText(`${product.productName} ×3`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${orderNumber}`));
  await checkA11y(page);
  await page.getByLabel('Find an order').fill('');
  // Cleared in the address before the next filter is chosen (which would otherwise start from the address with it).
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(HEADING);
  await expect(section.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(counted);

  // Only deliveries: the pickup slot is gone, and the filter stays in the address.
  await page.getByLabel('Kind').selectOption('delivery');
  await expect(page).toHaveURL(/kind=delivery/);
  await expect(page.getByText(name)).toHaveCount(0);
  for (const heading of await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents())
    expect(heading).toMatch(/ · Delivery · |Shipped orders/);
  await page.getByLabel('Kind').selectOption('pickup');
  await expect(page).toHaveURL(/kind=pickup/);
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(HEADING);

  // The pick list: the slot's products and their totals.
  await section.getByRole('link', { name: /^Pick list/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/vendorOrder/slot/${slot.id}/pick-list$`));
  await expect(page.getByRole('heading', { name: 'Pick list', level: 1 })).toBeVisible();
  const pickRow = page.getByRole('row').filter({ hasText: product.productName });
  await expect(pickRow.getByRole('cell').first()).toHaveText(/^3( \S.*)?$/); // in the product's units ("3 kg", "3 jars"; decision 053)
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'vendor-pick-list', { widths: PHONE_AND_LAPTOP });

  const csv = await download(page, 'Pick list (CSV)');
  expect(csv.name).toMatch(/^farmstall-pick-list-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(parseCsv(csv.bytes.toString('utf8'))).toEqual([
    ['Product', 'Units', 'Grams', 'Weighed'],
    [product.productName, '3', '', ''],
  ]);
  const pdf = await download(page, 'Pick list (PDF)');
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The packing slips: one per order, with the shopper, items and note.
  await page.goBack();
  await section.getByRole('link', { name: /^Packing slips/ }).click();
  await expect(page.getByRole('heading', { name: 'Packing slips', level: 1 })).toBeVisible();
  const slip = page.getByRole('article', { name: `Packing slip of ${name}` });
  await expect(slip).toContainText(`Order ${orderNumber}`);
  await expect(slip).toContainText(`${product.productName} ×3`);
  await expect(slip).toContainText(`Note: ${NOTE}`);
  await expect(slip).toContainText('+1 541 555 0111');
  await checkA11y(page);
  await shot(page, 'vendor-packing-slips', { widths: PHONE_AND_LAPTOP });
  // On paper: the slips alone, without the site's header, menu and buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  await expect(slip).toBeVisible();
  await shot(page, 'vendor-packing-slips-print', { widths: PHONE_AND_LAPTOP });
});
