import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bearer, registerCustomer, shot, signInWith, tokenOf } from './helpers.ts';
import { mailWith } from './mail.ts';
import { DEMO_VENDOR, dollars, OTHER_VENDORS_PASSWORD, type Product, withVendorEmails } from './order-fixtures.ts';

/**
 * Every cent where it belongs (issue 36): a two-shop cart with a steak sold by weight, paid (the card only held),
 * the other shop's part cancelled, the steak weighed and picked up. At each step the button, the e-mails (read from
 * the mail folder), the invoice and the history give the same figures, and the butcher's transfer is its whole
 * charge less commission.
 */

type Listed = Product & { gramsPerPiece: number | null; soldByWeight?: boolean };
type Slot = { id: string; kind: string; status: string };
type Invoice = {
  grandTotal: number;
  tax?: number;
  hold: { authorized: number; captured: number | null; released: number; status: string } | null;
};

const STEAK = 'Grass-Fed Ribeye Steak';

async function listed(request: APIRequestContext): Promise<{ steak: Listed; other: Listed }> {
  const response = await request.get('/api/allProducts?limit=100');
  expect(response.ok()).toBe(true);
  const products = await withVendorEmails(request, (await response.json()) as Listed[]);
  const steak = products.find((p) => p.productName === STEAK);
  const other = products.find(
    (p) => p.email === DEMO_VENDOR.email && !p.gramsPerPiece && p.productQuantity.value >= 3 && !p.expired,
  );
  expect(steak, `${STEAK} is listed`).toBeTruthy();
  expect(other, 'a demo vendor product in stock').toBeTruthy();
  return { steak: steak as Listed, other: other as Listed };
}

/** Books a pickup for each shop of the cart: the first open slot the server accepts (weighed goods: within 6 days). */
async function bookPickups(request: APIRequestContext, token: string) {
  const plan = await (await request.get('/api/cart/fulfilment', { headers: bearer(token) })).json();
  for (const shop of plan.shops as { shopId: string; shopName: string }[]) {
    const slots = ((await (await request.get(`/api/shops/${shop.shopId}/slots`)).json()).slots as Slot[]).filter(
      (slot) => slot.kind === 'pickup' && slot.status === 'open',
    );
    let booked = false;
    for (const slot of slots) {
      const chosen = await request.put(`/api/cart/fulfilment/${shop.shopId}`, {
        headers: bearer(token),
        data: { slotId: slot.id, note: null },
      });
      if (chosen.ok()) {
        booked = true;
        break;
      }
    }
    expect(booked, `a pickup at ${shop.shopName}`).toBe(true);
  }
}

async function invoiceOf(request: APIRequestContext, token: string, paymentId: string): Promise<Invoice> {
  const response = await request.get(`/api/invoice/${paymentId}`, { headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** The dollar figure following `text` in the page's element (e.g. "Held on your card" → "up to $13.52"). */
const figure = (text: string) => {
  const match = /\$(\d+\.\d{2})/.exec(text);
  expect(match, `a dollar figure in "${text}"`).toBeTruthy();
  return Number(match?.[1]);
};

const historyRow = (page: Page, orderNumber: string) => page.locator('tbody tr').filter({ hasText: orderNumber });

test('a two-shop order with a weighed steak: the button, e-mails, invoice and history agree to the cent', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { steak, other } = await listed(request);
  const shopper = await registerCustomer(request, 'two-shop');
  for (const product of [steak, other]) {
    const added = await request.post('/api/carts', {
      headers: bearer(shopper.token),
      data: { productId: product._id, amount: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  await bookPickups(request, shopper.token);

  // Before paying: the estimate, and the hold the button asks for.
  await signInWith(page, shopper.token);
  await page.goto('/dashboard/userPayment');
  const summary = page.getByRole('region', { name: 'Your order' });
  const row = (term: string) =>
    summary
      .locator('dl > div')
      .filter({ has: page.locator('dt').getByText(term, { exact: true }) })
      .locator('dd');
  const estimate = figure(await row('Estimated total').innerText());
  const held = figure(await row('Held on your card').innerText());
  expect(held).toBeGreaterThan(estimate);
  await expect(
    summary.getByText(`Up to ${dollars(held)} will be held on your card; you pay the weighed price, at most that.`),
  ).toBeVisible();
  await page.getByLabel('Phone Number').fill('+1 503 555 0188');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await shot(page, 'two-shop-payment');
  await page.getByRole('button', { name: `Place order · hold up to ${dollars(held)}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPaymentHistory$/);

  const history = await request.get(`/api/customerPayments/${encodeURIComponent(shopper.email)}`, {
    headers: bearer(shopper.token),
  });
  const [payment] = (await history.json()).items as { _id: string; orderId: string; orderNumber: string }[];
  // The ledger: the card is held for what the button said.
  expect((await invoiceOf(request, shopper.token, payment._id)).hold).toMatchObject({
    authorized: held,
    status: 'authorized',
  });
  // The receipt e-mail and the history say the same hold and estimate.
  await mailWith(shopper.email, [
    `Thank you for your order ${payment.orderNumber}`,
    `Up to ${dollars(held)} is held on your card; you pay the weighed price, at most that (estimated ${dollars(estimate)})`,
  ]);
  await expect(historyRow(page, payment.orderNumber)).toContainText(`≈ ${dollars(estimate)}`);
  await expect(historyRow(page, payment.orderNumber)).toContainText(`Held up to ${dollars(held)}`);

  // The demo shop's part is cancelled: the dialog, the e-mail, the invoice and the history give the same release.
  await page.goto(`/dashboard/invoice/${payment._id}`);
  await page.getByRole('button', { name: `Cancel this shop's part: ${other.shopName}` }).click();
  const dialog = page.getByRole('dialog');
  const releaseText = await dialog.getByText(/held for it on your card is released/).innerText();
  const released = figure(releaseText);
  await shot(page, 'two-shop-cancel-dialog');
  await dialog.getByRole('button', { name: 'Yes, cancel it!' }).click();
  await expect(page.getByText(`the ${dollars(released)} held for it is released`)).toBeVisible();
  await mailWith(shopper.email, [
    payment.orderNumber,
    `Nothing was charged for it: the ${dollars(released)} held for it on your card is released.`,
  ]);
  const afterCancel = await invoiceOf(request, shopper.token, payment._id);
  expect(afterCancel.hold).toMatchObject({ authorized: held, released, status: 'authorized' });
  const sheet = page.locator('.invoice-sheet');
  await expect(sheet.getByRole('row', { name: /Estimated Total/ })).toContainText(dollars(afterCancel.grandTotal));
  await expect(sheet).toContainText(`${dollars(released)} of it released for the cancelled part`);
  await page.goto('/dashboard/userPaymentHistory');
  await expect(historyRow(page, payment.orderNumber)).toContainText(`≈ ${dollars(afterCancel.grandTotal)}`);
  await expect(historyRow(page, payment.orderNumber)).toContainText(`${dollars(released)} released`);

  // The butcher weighs the steak (340 g) and hands it over: the card is charged, and the shopper told.
  const butcher = await tokenOf(request, { email: steak.email, password: OTHER_VENDORS_PASSWORD });
  const orders = await request.get(`/api/vendor/orders?q=${payment.orderNumber}`, { headers: bearer(butcher) });
  const [part] = (await orders.json()).items as { lines: { _id: string }[] }[];
  const weighed = await request.put(`/api/vendor/orders/${payment.orderId}/lines/${part.lines[0]._id}/weight`, {
    headers: bearer(butcher),
    data: { grams: 340 },
  });
  expect(weighed.ok(), await weighed.text()).toBe(true);
  for (const status of ['ready', 'delivered']) {
    const moved = await request.patch(`/api/vendor/orders/${payment.orderId}`, {
      headers: bearer(butcher),
      data: { status },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const charged = await invoiceOf(request, shopper.token, payment._id);
  const price = charged.hold?.captured as number;
  expect(charged.hold).toMatchObject({ status: 'charged', released: Number((held - price).toFixed(2)) });
  expect(charged.grandTotal).toBe(price);
  await mailWith(shopper.email, [
    `your card is charged ${dollars(price)} for your order ${payment.orderNumber}`,
    `The other ${dollars(held - price)} of the ${dollars(held)} held is released.`,
  ]);
  await page.goto(`/dashboard/invoice/${payment._id}`);
  await expect(sheet.getByRole('row', { name: /Grand Total/ })).toContainText(dollars(price));
  await expect(sheet).toContainText(
    `Card held for ${dollars(held)} · charged ${dollars(price)} · ${dollars(held - price)} released`,
  );
  await shot(page, 'two-shop-invoice');
  await page.goto('/dashboard/userPaymentHistory');
  await expect(historyRow(page, payment.orderNumber)).toContainText(dollars(price));

  // The butcher is paid its whole charge (less the tax the marketplace keeps) less commission, nothing else.
  const transfers = await request.get('/api/payouts/transfers', { headers: bearer(butcher) });
  const transfer = (
    (await transfers.json()).items as {
      orderNumber: string;
      goods: number;
      delivery: number;
      commission: number;
      amount: number;
    }[]
  ).find((row) => row.orderNumber === payment.orderNumber);
  expect(transfer, 'the butcher’s transfer for the order').toBeTruthy();
  const t = transfer as NonNullable<typeof transfer>;
  expect(Math.round((t.goods + t.delivery + (charged.tax ?? 0)) * 100)).toBe(Math.round(price * 100));
  expect(Math.round(t.amount * 100)).toBe(Math.round((t.goods + t.delivery - t.commission) * 100));
});
