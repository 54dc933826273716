import { beforeEach, describe, expect, it } from 'vitest';
import type { CustomerPayment } from '#contract/orders.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { choose, nextFridayNoon, openSlot, putAddress, setupClockedApp, shopWith } from './fulfilment-fixtures.ts';
import { addToCart, checkoutDetails, createProduct, payCart } from './test-fixtures.ts';

/** The payment page's address: needed where a shop delivers or ships, optional where every part is a pickup. */
let clock = nextFridayNoon();
const t = setupClockedApp(() => clock);
beforeEach(() => {
  clock = nextFridayNoon();
});

/** A buyer with one product of each shop in the cart. */
async function buyerOf(...shops: TestUser[]) {
  const buyer = await createUser(t);
  for (const shop of shops) {
    const product = await createProduct(t, shop, { priceCents: 3000, stock: 5 });
    await addToCart(t, buyer, product.id, 1);
  }
  return buyer;
}

/** Pays without an address on the payment page, then confirms with `address` (or none): the answer. */
async function payWithout(buyer: TestUser, address?: string) {
  const { name, phoneNumber } = checkoutDetails;
  const { intent } = await payCart(t, buyer, { details: { name, phoneNumber } as typeof checkoutDetails });
  return t.app.inject({
    method: 'POST',
    url: '/api/customerPayments',
    headers: buyer.auth,
    payload: { paymentIntentId: intent.paymentIntentId, name, phoneNumber, ...(address ? { address } : {}) },
  });
}

describe('the order address at checkout', () => {
  it('is not needed when every shop’s part is a pickup: the order records the pickup', async () => {
    const shop = await shopWith(t);
    const buyer = await buyerOf(shop);
    expect((await choose(t, buyer, shop.id, { slotId: (await openSlot(t, shop.id)).id })).statusCode).toBe(200);
    const confirmed = await payWithout(buyer);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect((confirmed.json() as CustomerPayment).address).toBe('Collected at pickup');
  });

  it('is the cart’s delivery address when one is set and none was typed', async () => {
    const pickup = await shopWith(t);
    const delivering = await shopWith(t);
    const buyer = await buyerOf(pickup, delivering);
    expect((await putAddress(t, buyer, { address: '12 SE Belmont St, Portland', postcode: '97214' })).statusCode).toBe(
      200,
    );
    await choose(t, buyer, pickup.id, { slotId: (await openSlot(t, pickup.id)).id });
    await choose(t, buyer, delivering.id, { slotId: (await openSlot(t, delivering.id, 'delivery')).id });
    const confirmed = await payWithout(buyer);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect((confirmed.json() as CustomerPayment).address).toBe('12 SE Belmont St, Portland, 97214');
  });

  it('is required, with the form’s message, for a shop that ships (no pickup or delivery times)', async () => {
    const shipping = await createUser(t, { role: 'vendor' });
    const buyer = await buyerOf(shipping);
    const refused = await payWithout(buyer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ address: 'This field is required' });
    const typed = await payWithout(buyer, '7 Orchard Road, Salem');
    expect(typed.statusCode, typed.body).toBe(201);
    expect((typed.json() as CustomerPayment).address).toBe('7 Orchard Road, Salem');
  });
});
