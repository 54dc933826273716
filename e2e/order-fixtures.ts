import type { APIRequestContext } from '@playwright/test';
import { choosePickupSlots, expect } from './fixtures.ts';
import { bearer, tokenOf } from './helpers.ts';

/** Journeys that follow an order after it is paid: a shop open for pickup, an order paid through the API, vendor moves. */

export const DEMO_VENDOR = { email: 'vendor@farmstall.example', password: 'Vendor#2026!' };
export const OTHER_VENDORS_PASSWORD = 'Farmstall#2026!';

export type Product = {
  _id: string;
  productName: string;
  /** The vendor's sign-in, which public products no longer carry (decision 050): added by withVendorEmails. */
  email: string;
  shopId: string;
  shopName: string;
  productQuantity: { value: number };
  expired: boolean;
  /** Its sizes (decision 052): a journey here buys a product sold in one, so a line is named as its product. */
  sizes: { count: number };
};

export type Payment = {
  _id: string;
  orderId: string;
  orderNumber: string;
  transactionId: string;
  price: number;
  productIds: { shopId: string; shopName: string; itemName: string; amount: number; totalPrice: number }[];
  fulfilment: { shopId: string; shopName: string; start: string; end: string; pickupPoint: { name: string } | null }[];
};

export const dollars = (value: number) => `$${value.toFixed(2)}`;

const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };

/**
 * Products with their vendor's sign-in e-mail as `email`, so a journey can sign in as the shop's vendor: public
 * products name the shop by id only (decision 050), and the admin's vendor list names each vendor's e-mail by id.
 */
export async function withVendorEmails<T extends { shopId: string }>(
  request: APIRequestContext,
  products: T[],
): Promise<(T & { email: string })[]> {
  const admin = await tokenOf(request, ADMIN);
  const response = await request.get('/api/users/vendor', { headers: bearer(admin) });
  expect(response.ok(), await response.text()).toBe(true);
  const emails = new Map(((await response.json()) as { _id: string; email: string }[]).map((v) => [v._id, v.email]));
  return products.map((product) => ({ ...product, email: emails.get(product.shopId) ?? '' }));
}

/** One product in stock from the demo vendor and one from another shop, each sold in one size (decision 052). */
export async function productsOfTwoShops(request: APIRequestContext) {
  const response = await request.get('/api/allProducts?limit=100');
  expect(response.ok()).toBe(true);
  const listed = (await response.json()) as Omit<Product, 'email'>[];
  const inStock = (await withVendorEmails(request, listed)).filter(
    (p) => p.productQuantity.value >= 3 && !p.expired && p.sizes.count === 1,
  );
  const demo = inStock.find((p) => p.email === DEMO_VENDOR.email);
  const other = inStock.find((p) => p.email !== DEMO_VENDOR.email);
  expect(demo, 'a demo vendor product in stock').toBeTruthy();
  expect(other, 'a product of another shop in stock').toBeTruthy();
  return [demo as Product, other as Product] as const;
}

/**
 * Opens a journey's own shop for pickup every day, 09:00 to 17:00, 20 places a slot, at one pickup point in Salem
 * (Oregon's time), and no delivery.
 */
export async function openForPickupEveryDay(
  request: APIRequestContext,
  token: string,
  shopId: string,
  pickupPoint: { name: string; address: string },
) {
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const settings = await request.put(`/api/shops/${shopId}/fulfilment`, {
    headers: bearer(token),
    data: {
      timeZone: 'America/Los_Angeles',
      location: { latitude: 44.94, longitude: -123.03 },
      pickupPoints: [
        {
          ...pickupPoint,
          windows: weekdays.map((weekday) => ({ weekday, start: '09:00', end: '17:00', capacity: 20 })),
        },
      ],
      delivery: null,
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
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
