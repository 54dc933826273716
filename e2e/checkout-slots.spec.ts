import type { APIRequestContext, Locator } from '@playwright/test';
import { checkA11y, choosePickupSlots, expect, hydrated, test } from './fixtures.ts';
import { bearer, registerCustomer, shot, signInWith } from './helpers.ts';
import { dollars } from './order-fixtures.ts';

/** A shopper with goods of two shops collects one part at a market and has the other delivered, then pays. */

/** Demo shops (src/server/db/seed/fulfilment.ts): Meadow Creek delivers to listed postcodes, $5 under $50. */
const PICKUP_SHOP = 'Green Valley Farm';
const DELIVERY_SHOP = 'Meadow Creek Dairy';
const INSIDE = '97141';
const OUTSIDE = '97201';
const NOTE = 'Please leave the box in the shade by the gate';
const SLOT_LABEL = /^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}–\d{2}:\d{2} [A-Z]{3,4} · \d+ left$/;

type Product = {
  _id: string;
  shopName: string;
  productPrice: number;
  deal?: { price: number } | null;
  productQuantity: { value: number };
  /** Its sizes (decision 052): a card with several links to the picker instead of adding. */
  sizes: { count: number };
};
type Plan = { shops: { shopName: string; problem: { code: string; message: string } | null }[]; ready: boolean };

async function productOf(request: APIRequestContext, shopName: string, units: number): Promise<Product> {
  const response = await request.get('/api/allProducts?limit=100');
  expect(response.ok()).toBe(true);
  const product = ((await response.json()) as (Product & { expired: boolean })[]).find(
    (p) => p.shopName === shopName && !p.expired && p.productQuantity.value >= units + 2 && p.sizes.count === 1,
  );
  expect(product, `a product of ${shopName} in stock`).toBeTruthy();
  return product as Product;
}

async function plan(request: APIRequestContext, token: string): Promise<Plan> {
  const response = await request.get('/api/cart/fulfilment', { headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Chooses the first time that can be chosen in a shop's time list; answers its label. */
async function chooseFirstTime(select: Locator) {
  const open = select.locator('option:not([disabled])').first();
  const label = (await open.textContent()) ?? '';
  await select.selectOption((await open.getAttribute('value')) as string);
  await expect(select).toHaveValue((await open.getAttribute('value')) as string);
  return label;
}

/** The summary's amount on a row (its term is the row's first text). */
const figure = (summary: Locator, term: string) =>
  summary.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test('a shopper collects one shop’s part, has the other delivered inside its area, and pays', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'slots', { name: 'Sol Slots' });
  const collected = await productOf(request, PICKUP_SHOP, 1);
  const delivered = await productOf(request, DELIVERY_SHOP, 10);
  // Enough of the dairy's goods for its $20 minimum, under its $50 free-delivery threshold.
  const price = delivered.deal?.price ?? delivered.productPrice;
  const units = Math.ceil(20 / price);
  expect(units * price).toBeLessThan(50);
  for (const [product, amount] of [
    [collected, 1],
    [delivered, units],
  ] as const) {
    const added = await request.post('/api/carts', {
      headers: bearer(shopper.token),
      data: { productId: product._id, amount },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const cart = await request.get(`/api/carts?email=${encodeURIComponent(shopper.email)}`, {
    headers: bearer(shopper.token),
  });
  const lines = (await cart.json()) as { spendMoney: number }[];
  const subtotal = Math.round(lines.reduce((sum, line) => sum + line.spendMoney, 0) * 100) / 100;

  await signInWith(page, shopper.token);
  await page.goto('/dashboard/userCart');
  await hydrated(page);
  const summary = page.getByRole('region', { name: 'Order summary' });
  const pickupCard = page.getByRole('article', { name: PICKUP_SHOP });
  const deliveryCard = page.getByRole('article', { name: DELIVERY_SHOP });
  // Nothing chosen yet: the checkout waits and says what each shop needs.
  await expect(summary.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
  for (const shop of (await plan(request, shopper.token)).shops) {
    await expect(summary.getByText(shop.problem?.message as string)).toBeVisible();
  }

  // Pickup at the farm: the time in the shop's zone with the places left, then where to collect.
  const pickupTime = pickupCard.getByLabel('Pickup time');
  const pickupLabel = await chooseFirstTime(pickupTime);
  expect(pickupLabel).toMatch(SLOT_LABEL);
  await expect(pickupCard.getByText(/^Collect at /)).toBeVisible();
  await expect(figure(summary, `Pickup · ${PICKUP_SHOP}`)).toHaveText('Free');

  // Delivery from the dairy: its terms, a time, then the address, first with a postcode outside its area.
  await deliveryCard.getByRole('radio', { name: 'Delivery' }).check();
  await expect(deliveryCard.getByText('Delivery $5.00 · free over $50.00', { exact: false })).toBeVisible();
  const deliveryLabel = await chooseFirstTime(deliveryCard.getByLabel('Delivery time'));
  expect(deliveryLabel).toMatch(SLOT_LABEL);
  const address = page.getByRole('form', { name: 'Delivery address' });
  await address.getByLabel('Street address').fill('240 SW Main Street, Portland');
  await address.getByLabel('Postcode').fill(OUTSIDE);
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(address.getByRole('status')).toHaveText(`Delivering to 240 SW Main Street, Portland, ${OUTSIDE}`);
  const outside = (await plan(request, shopper.token)).shops.find((shop) => shop.shopName === DELIVERY_SHOP);
  expect(outside?.problem?.code).toBe('OUT_OF_AREA');
  await expect(deliveryCard.getByRole('alert')).toHaveText(outside?.problem?.message as string);
  await expect(summary.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
  await checkA11y(page);
  await shot(page, 'slots-out-of-area', { widths: [390, 1366] });

  // Inside the area: the delivery time, a note for the dairy, the fee in the summary and the total.
  await address.getByLabel('Street address').fill('12 Pasture Lane, Tillamook');
  await address.getByLabel('Postcode').fill(INSIDE);
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(address.getByRole('status')).toHaveText(`Delivering to 12 Pasture Lane, Tillamook, ${INSIDE}`);
  await expect(deliveryCard.getByRole('alert')).toHaveCount(0);
  await deliveryCard.getByLabel(`Note to ${DELIVERY_SHOP} (optional)`).fill(NOTE);
  await deliveryCard.getByLabel(`Note to ${DELIVERY_SHOP} (optional)`).press('Tab');
  await expect(deliveryCard.getByText('Note saved.')).toBeVisible();
  await expect(figure(summary, `Delivery · ${DELIVERY_SHOP}`)).toHaveText('$5.00');
  await expect(summary.getByText('Free over $50.00')).toBeVisible();
  await expect(summary.getByText('Total', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
    dollars(subtotal + 5),
  );
  await checkA11y(page);
  await shot(page, 'slots-cart', { widths: [390, 1366] });

  // The payment page repeats both choices and charges the goods and the delivery.
  await summary.getByRole('link', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPayment$/);
  const order = page.getByRole('region', { name: 'Your order' });
  const handovers = order.getByRole('list', { name: 'Pickup and delivery' });
  await expect(handovers).toContainText(`${PICKUP_SHOP}: Pickup, ${pickupLabel.split(' · ')[0]}`);
  await expect(handovers).toContainText(`${DELIVERY_SHOP}: Delivery, ${deliveryLabel.split(' · ')[0]}`);
  await expect(handovers).toContainText(`To 12 Pasture Lane, Tillamook, ${INSIDE}`);
  await expect(handovers).toContainText(NOTE);
  await expect(figure(order, `Delivery · ${DELIVERY_SHOP}`)).toHaveText('$5.00');
  await page.getByLabel('Phone Number').fill('+1 503 555 0165');
  await expect(page.getByLabel('Delivery Address')).toHaveValue(`12 Pasture Lane, Tillamook, ${INSIDE}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await checkA11y(page);
  await shot(page, 'slots-payment', { widths: [390, 1366] });
  await page.getByRole('button', { name: `Pay ${dollars(subtotal + 5)}` }).click();

  await expect(page).toHaveURL(/\/dashboard\/userPaymentHistory$/);
  await expect(page.getByRole('heading', { name: 'Transaction History List: 1' })).toBeVisible();
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText(dollars(subtotal + 5));
  // Each shop's step with its slot, the place or the address, and the note.
  const pickupWindow = pickupLabel.split(' · ')[0];
  const deliveryWindow = deliveryLabel.split(' · ')[0];
  await expect(row).toContainText(`Pickup, ${pickupWindow}`);
  await expect(row).toContainText(`Delivery, ${deliveryWindow}`);
  await expect(row).toContainText(`To 12 Pasture Lane, Tillamook, ${INSIDE}`);
  await expect(row).toContainText(NOTE);
  await checkA11y(page);
  await shot(page, 'slots-history', { widths: [390, 1366] });

  await row.getByRole('link', { name: /Invoice/ }).click();
  const sheet = page.locator('.invoice-sheet');
  const handed = sheet.getByRole('list', { name: 'Pickup and delivery by shop' });
  await expect(handed).toContainText(`${PICKUP_SHOP}: Pickup, ${pickupWindow}`);
  await expect(handed).toContainText(`${DELIVERY_SHOP}: Delivery, ${deliveryWindow}`);
  await expect(handed).toContainText(NOTE);
  await expect(sheet.getByRole('row', { name: /^Delivery/ })).toContainText('$5.00');
  await expect(sheet.getByRole('row', { name: /Grand Total/ })).toContainText(dollars(subtotal + 5));
  await checkA11y(page);
  await shot(page, 'slots-invoice', { widths: [390, 1366] });
});

test('a late order is refused once ordering for its slot has closed, and nothing is charged', async ({
  page,
  request,
}) => {
  const shopper = await registerCustomer(request, 'slots', { name: 'Sol Slots' });
  const product = await productOf(request, PICKUP_SHOP, 1);
  const added = await request.post('/api/carts', {
    headers: bearer(shopper.token),
    data: { productId: product._id, amount: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await choosePickupSlots(request, shopper.token);
  const [shop] = (await plan(request, shopper.token)).shops as (Plan['shops'][number] & {
    choice: { slot: { closesAt: string } };
  })[];

  await signInWith(page, shopper.token);
  await page.goto('/dashboard/userPayment');
  await hydrated(page);
  await page.getByLabel('Phone Number').fill('+1 503 555 0165');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');

  // The shopper lingers past the cutoff: the test moves this page's clock (the server reads x-test-clock), no wait.
  const late = new Date(new Date(shop.choice.slot.closesAt).getTime() + 60_000).toISOString();
  await page.setExtraHTTPHeaders({ 'x-test-clock': late });
  const closed = await request.get('/api/cart/fulfilment', {
    headers: { ...bearer(shopper.token), 'x-test-clock': late },
  });
  const problem = ((await closed.json()) as Plan).shops[0].problem;
  expect(problem?.code).toBe('SLOT_CLOSED');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert').filter({ hasText: problem?.message as string })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/userPayment$/);
  await checkA11y(page);
  await shot(page, 'slots-late', { widths: [390, 1366] });

  const history = await request.get(`/api/customerPayments/${encodeURIComponent(shopper.email)}`, {
    headers: bearer(shopper.token),
  });
  expect((await history.json()).total).toBe(0);
});
