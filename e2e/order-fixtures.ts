import type { APIRequestContext, Page } from '@playwright/test';
import { choosePickupSlots, expect } from './fixtures.ts';

/** Journeys that follow an order after it is paid: a fresh shopper, an order paid through the API, vendor moves. */

export const DEMO_VENDOR = { email: 'vendor@farmstall.example', password: 'Vendor#2026!' };
export const OTHER_VENDORS_PASSWORD = 'Farmstall#2026!';

export type Product = {
  _id: string;
  productName: string;
  email: string;
  shopName: string;
  productQuantity: { value: number };
  expired: boolean;
};

export type Payment = {
  _id: string;
  orderId: string;
  orderNumber: string;
  transactionId: string;
  price: number;
  productIds: { shopEmail: string; shopName: string; itemName: string; amount: number; totalPrice: number }[];
  fulfilment: { shopId: string; shopName: string; start: string; end: string; pickupPoint: { name: string } | null }[];
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const dollars = (value: number) => `$${value.toFixed(2)}`;

export async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/jwt', { data: account });
  expect(response.ok(), `sign in as ${account.email}: ${await response.text()}`).toBe(true);
  return (await response.json()).token as string;
}

/** A fresh customer, so the journey never shares a cart with another. */
export async function registerCustomer(request: APIRequestContext, prefix: string) {
  const account = { email: `${prefix}-${unique()}@example.com`, password: 'Shopper#2026!' };
  const created = await request.post('/api/users', { data: { name: 'Tess Tracker', ...account } });
  expect(created.ok(), await created.text()).toBe(true);
  return { ...account, token: await tokenOf(request, account) };
}

/** One product in stock from the demo vendor and one from another shop. */
export async function productsOfTwoShops(request: APIRequestContext) {
  const response = await request.get('/api/allProducts?limit=100');
  expect(response.ok()).toBe(true);
  const inStock = ((await response.json()) as Product[]).filter((p) => p.productQuantity.value >= 3 && !p.expired);
  const demo = inStock.find((p) => p.email === DEMO_VENDOR.email);
  const other = inStock.find((p) => p.email !== DEMO_VENDOR.email);
  expect(demo, 'a demo vendor product in stock').toBeTruthy();
  expect(other, 'a product of another shop in stock').toBeTruthy();
  return [demo as Product, other as Product] as const;
}

export type ShopSlot = {
  id: string;
  kind: 'pickup' | 'delivery';
  status: string;
  start: string;
  end: string;
  closesAt: string;
  pickupPoint: { id: string; name: string; address: string } | null;
};

/** Books the last open pickup slot of the one shop in the cart (one no other journey books first); answers it. */
async function chooseLastPickupSlot(request: APIRequestContext, token: string): Promise<ShopSlot> {
  const plan = await request.get('/api/cart/fulfilment', { headers: bearer(token) });
  const [shop] = (await plan.json()).shops as { shopId: string }[];
  const slots = (await (await request.get(`/api/shops/${shop.shopId}/slots`)).json()).slots as ShopSlot[];
  const slot = slots.filter((s) => s.kind === 'pickup' && s.status === 'open').at(-1) as ShopSlot;
  expect(slot, 'an open pickup slot').toBeTruthy();
  const chosen = await request.put(`/api/cart/fulfilment/${shop.shopId}`, {
    headers: bearer(token),
    data: { slotId: slot.id, note: 'Cash is fine too' },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return slot;
}

/**
 * Buys one unit of each product for pickup with the sandbox test card, in each shop's first open pickup slot (or,
 * for one shop, its last); returns the payment record.
 */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  products: readonly Product[],
  slot: 'first' | 'last' = 'first',
) {
  for (const product of products) {
    const added = await request.post('/api/carts', {
      headers: bearer(token),
      data: { productId: product._id, amount: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  if (slot === 'first') await choosePickupSlots(request, token);
  else await chooseLastPickupSlot(request, token);
  return payForCart(request, token, 'Tess Tracker');
}

/** Pays for the cart as it is (its pickup or delivery chosen) with the sandbox test card; returns the payment record. */
export async function payForCart(request: APIRequestContext, token: string, name: string) {
  const intent = await request.post('/api/customer-payment', { headers: bearer(token), data: {} });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { paymentIntentId, clientSecret } = await intent.json();
  const paid = await request.post('/api/payments/sandbox/confirm', {
    headers: bearer(token),
    data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const order = await request.post('/api/customerPayments', {
    headers: bearer(token),
    data: { name, phoneNumber: '+1 503 555 0142', address: '7 Orchard Road, Salem', paymentIntentId },
  });
  expect(order.ok(), await order.text()).toBe(true);
  return (await order.json()) as Payment;
}

/** The vendor moves its part of the order (PATCH /api/vendor/orders/:orderId). */
export async function moveVendorPart(request: APIRequestContext, vendorToken: string, orderId: string, status: string) {
  const response = await request.patch(`/api/vendor/orders/${orderId}`, {
    headers: bearer(vendorToken),
    data: { status },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Signs the browser in with a token (the refresh cookie is not needed by these journeys). */
export async function signInWith(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('access-token', value), token);
}
