import { beforeEach, describe, expect, it } from 'vitest';
import type { CustomerPayment } from '#contract/orders.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import {
  choose,
  MARKET,
  nextFridayNoon,
  openSlot,
  PORTLAND_DELIVERY,
  planOf,
  putAddress,
  SATURDAY_MARKET,
  setupClockedApp,
  shopWith,
  slotsOf,
} from './fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart, startPayment } from './test-fixtures.ts';

/** The app's clock: each test sets it, nothing waits. The next Friday noon in Portland. */
let clock = nextFridayNoon();
const t = setupClockedApp(() => clock);
beforeEach(() => {
  clock = nextFridayNoon();
});

const admin = setupUser(t, { role: 'admin' });

/** A buyer with `cents` of one product of the shop in the cart. */
async function buyerOf(vendor: TestUser, cents = 3000) {
  const buyer = await createUser(t);
  const product = await createProduct(t, vendor, { priceCents: cents, stock: 20 });
  await addToCart(t, buyer, product.id, 1);
  return buyer;
}

/** Starts the payment, pays it in the sandbox and confirms it: the order's payment record. */
async function order(buyer: TestUser) {
  const { intent } = await payCart(t, buyer);
  const confirmed = await confirmOrder(t, buyer, intent.paymentIntentId);
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  return { intent, payment: confirmed.json() as CustomerPayment };
}

describe('the cart’s pickup and delivery choices', () => {
  it('are a signed-in customer’s own: 401 signed out, 403 for vendors and admins', async () => {
    const vendor = await shopWith(t);
    const slot = await openSlot(t, vendor.id);
    for (const caller of [null, vendor, admin]) {
      const status = caller ? 403 : 401;
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/cart/fulfilment', headers: caller?.auth })).statusCode,
      ).toBe(status);
      expect((await choose(t, caller, vendor.id, { slotId: slot.id })).statusCode).toBe(status);
      expect((await putAddress(t, caller, { address: '1 Elm St', postcode: '97214' })).statusCode).toBe(status);
    }
  });

  it('keep a shop without pickup or delivery as before: no choice needed, ready, no fee', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const buyer = await buyerOf(vendor, 1200);
    expect(await planOf(t, buyer)).toEqual({
      shops: [
        {
          shopId: vendor.id,
          shopName: `${vendor.name}'s Farm`,
          timeZone: t.config.businessTimeZone,
          subtotal: 12,
          offers: { pickup: false, delivery: null },
          choice: null,
          deliveryFee: 0,
          weighed: false,
          problem: null,
        },
      ],
      deliveryAddress: null,
      deliveryTotal: 0,
      ready: true,
    });
    const { intent, payment } = await order(buyer);
    expect(intent).toMatchObject({ amount: 12, deliveryFee: 0 });
    expect(payment).toMatchObject({ price: 12, deliveryFee: 0, fulfilment: [] });
  });

  it('ask a slot of each shop that offers them: SLOT_REQUIRED in the plan and at payment', async () => {
    const vendor = await shopWith(t);
    const buyer = await buyerOf(vendor);
    const plan = await planOf(t, buyer);
    expect(plan.ready).toBe(false);
    expect(plan.shops[0]).toMatchObject({
      offers: { pickup: true, delivery: { fee: 6.5, freeOver: 60, minimumOrder: 25 } },
      choice: null,
      problem: { code: 'SLOT_REQUIRED', message: `Please choose a pickup or delivery time for ${vendor.name}'s Farm` },
    });
    const started = await startPayment(t, buyer, { price: 0 });
    expect(started.statusCode).toBe(400);
    expect(started.json().error).toEqual(plan.shops[0].problem);
  });

  it('book a pickup slot with the order and record it, with the note, on the payment', async () => {
    const vendor = await shopWith(t);
    const buyer = await buyerOf(vendor);
    const slot = await openSlot(t, vendor.id);
    const chosen = await choose(t, buyer, vendor.id, { slotId: slot.id, note: '  Please leave the eggs unwashed ' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      ready: true,
      deliveryTotal: 0,
      shops: [
        { choice: { slot: { id: slot.id, remaining: 3 }, note: 'Please leave the eggs unwashed' }, problem: null },
      ],
    });

    const { intent, payment } = await order(buyer);

    expect(intent).toMatchObject({ amount: 30, deliveryFee: 0 });
    expect(payment).toMatchObject({ price: 30, subtotal: 30, deliveryFee: 0 });
    expect(payment.fulfilment).toEqual([
      {
        shopId: vendor.id,
        shopName: `${vendor.name}'s Farm`,
        kind: 'pickup',
        start: slot.start,
        end: slot.end,
        timeZone: 'America/Los_Angeles',
        pickupPoint: { name: 'Saturday market', address: 'SW Park Ave & SW Montgomery St, Portland' },
        deliveryAddress: null,
        fee: 0,
        note: 'Please leave the eggs unwashed',
      },
    ]);
    expect((await slotsOf(t, vendor.id)).find((s) => s.id === slot.id)?.remaining).toBe(2);
    expect(await planOf(t, buyer)).toMatchObject({ shops: [], ready: false });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/customerPayments/${buyer.email}`,
      headers: buyer.auth,
    });
    expect(history.json().items[0]).toMatchObject({ deliveryFee: 0, fulfilment: payment.fulfilment });
    const invoice = await t.app.inject({ method: 'GET', url: `/api/invoice/${payment._id}`, headers: buyer.auth });
    expect(invoice.json()).toMatchObject({ deliveryFee: 0, fulfilment: payment.fulfilment });
    const tracking = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${payment.orderId}/tracking`,
      headers: buyer.auth,
    });
    expect(tracking.json().shops[0].fulfilment).toEqual(payment.fulfilment[0]);
  });

  it('refuse a slot that is not the shop’s (404), cancelled or closed (409 SLOT_CLOSED), or full (409 SLOT_FULL)', async () => {
    const vendor = await shopWith(t, { ...MARKET, horizonDays: 21 });
    const other = await shopWith(t);
    const buyer = await buyerOf(vendor);
    const slot = await openSlot(t, vendor.id);
    expect((await choose(t, buyer, vendor.id, { slotId: 'not-a-slot' })).statusCode).toBe(404);
    const othersSlot = await openSlot(t, other.id);
    expect((await choose(t, buyer, vendor.id, { slotId: othersSlot.id })).statusCode).toBe(404);
    expect((await choose(t, buyer, other.id, { slotId: othersSlot.id })).statusCode).toBe(404);

    const [window] = (await slotsOf(t, vendor.id)).filter((s) => s.id === slot.id);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${vendor.id}/fulfilment`,
      headers: vendor.auth,
    });
    const windowId = settings.json().pickupPoints[0].windows[0].id;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${vendor.id}/fulfilment/cancellations`,
      headers: vendor.auth,
      payload: { windowId, date: window.start.slice(0, 10) },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const refused = await choose(t, buyer, vendor.id, { slotId: slot.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_CLOSED');
    expect(refused.json().error.message).toMatch(/cancelled/);

    // The Saturday after has 3 places: three other buyers take them.
    const next = (await slotsOf(t, vendor.id)).find((s) => s.kind === 'pickup' && s.status === 'open');
    if (!next) throw new Error('no next slot');
    for (let i = 0; i < 3; i++) {
      const taker = await buyerOf(vendor);
      expect((await choose(t, taker, vendor.id, { slotId: next.id })).statusCode).toBe(200);
      await order(taker);
    }
    const full = await choose(t, buyer, vendor.id, { slotId: next.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'SLOT_FULL' });
  });

  it('report a slot that closed since it was chosen, and refuse its payment with SLOT_CLOSED', async () => {
    const vendor = await shopWith(t);
    const buyer = await buyerOf(vendor);
    const slot = await openSlot(t, vendor.id);
    expect((await choose(t, buyer, vendor.id, { slotId: slot.id })).statusCode).toBe(200);
    clock = new Date(new Date(slot.closesAt).getTime() + 60_000);
    const plan = await planOf(t, buyer);
    expect(plan.ready).toBe(false);
    expect(plan.shops[0].choice?.slot.status).toBe('closed');
    expect(plan.shops[0].problem?.code).toBe('SLOT_CLOSED');
    const started = await startPayment(t, buyer, { price: 0 });
    expect(started.statusCode).toBe(409);
    expect(started.json().error.code).toBe('SLOT_CLOSED');
    expect((await choose(t, buyer, vendor.id, { slotId: slot.id })).json().error.code).toBe('SLOT_CLOSED');
  });

  it('refund a payment whose slot filled while paying, answering 409 SLOT_FULL', async () => {
    const vendor = await shopWith(t, {
      ...MARKET,
      pickupPoints: [
        { ...SATURDAY_MARKET, windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', capacity: 1 }] },
      ],
    });
    const first = await buyerOf(vendor);
    const second = await buyerOf(vendor);
    const slot = await openSlot(t, vendor.id);
    for (const buyer of [first, second])
      expect((await choose(t, buyer, vendor.id, { slotId: slot.id })).statusCode).toBe(200);
    const paidFirst = await payCart(t, first);
    const paidSecond = await payCart(t, second);
    expect((await confirmOrder(t, first, paidFirst.intent.paymentIntentId)).statusCode).toBe(201);
    const refused = await confirmOrder(t, second, paidSecond.intent.paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_FULL');
    expect(refused.json().error.message).toMatch(/Your payment was refunded and nothing was charged\.$/);
    expect((await planOf(t, second)).shops[0].problem?.code).toBe('SLOT_FULL');
  });
});

describe('delivery', () => {
  it('charges the fee on top of the goods less the coupon, and nothing at or over the free-delivery threshold', async () => {
    const vendor = await shopWith(t);
    const slot = await openSlot(t, vendor.id, 'delivery');
    const buyer = await buyerOf(vendor, 3000);
    expect((await putAddress(t, buyer, { address: '12 SE Belmont St, Portland', postcode: '97214' })).statusCode).toBe(
      200,
    );
    const chosen = await choose(t, buyer, vendor.id, { slotId: slot.id, note: 'Ring twice' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      ready: true,
      deliveryTotal: 6.5,
      deliveryAddress: { address: '12 SE Belmont St, Portland', postcode: '97214' },
      shops: [{ deliveryFee: 6.5, problem: null, choice: { slot: { kind: 'delivery' }, note: 'Ring twice' } }],
    });

    const { intent, payment } = await order(buyer);

    expect(intent).toMatchObject({ amount: 36.5, subtotal: 30, deliveryFee: 6.5 });
    expect(payment).toMatchObject({ price: 36.5, subtotal: 30, deliveryFee: 6.5 });
    expect(payment.fulfilment).toEqual([
      expect.objectContaining({
        kind: 'delivery',
        start: slot.start,
        pickupPoint: null,
        deliveryAddress: { address: '12 SE Belmont St, Portland', postcode: '97214' },
        fee: 6.5,
        note: 'Ring twice',
      }),
    ]);

    const invoice = await t.app.inject({ method: 'GET', url: `/api/invoice/${payment._id}`, headers: buyer.auth });
    expect(invoice.json()).toMatchObject({ subtotal: 30, deliveryFee: 6.5, grandTotal: 36.5 });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoice/${payment._id}/pdf`, headers: buyer.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const big = await buyerOf(vendor, 6000);
    await putAddress(t, big, { address: '3 SE Hawthorne Blvd', postcode: '97215' });
    expect((await choose(t, big, vendor.id, { slotId: slot.id })).json()).toMatchObject({ deliveryTotal: 0 });
    const free = await order(big);
    expect(free.intent).toMatchObject({ amount: 60, deliveryFee: 0 });
    expect(free.payment.fulfilment[0]).toMatchObject({ kind: 'delivery', fee: 0 });
  });

  it('is refused outside the postcodes (400 OUT_OF_AREA) and reported without an address', async () => {
    const vendor = await shopWith(t);
    const slot = await openSlot(t, vendor.id, 'delivery');
    const buyer = await buyerOf(vendor);
    expect((await choose(t, buyer, vendor.id, { slotId: slot.id })).statusCode).toBe(200);
    expect((await planOf(t, buyer)).shops[0].problem).toMatchObject({
      code: 'OUT_OF_AREA',
      message: expect.stringMatching(/delivery address/),
    });
    const outside = await putAddress(t, buyer, { address: '1 Main St, Salem', postcode: '97301' });
    expect(outside.json().shops[0].problem).toEqual({
      code: 'OUT_OF_AREA',
      message: `${vendor.name}'s Farm does not deliver to 97301: please choose pickup or another address`,
    });
    const started = await startPayment(t, buyer, { price: 0 });
    expect(started.statusCode).toBe(400);
    expect(started.json().error.code).toBe('OUT_OF_AREA');
    const chosen = await choose(t, buyer, vendor.id, { slotId: slot.id });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().error.code).toBe('OUT_OF_AREA');
  });

  it('within a radius places the ZIP code on the map; one it cannot place is out of the area, said so', async () => {
    const vendor = await shopWith(t, {
      ...MARKET,
      location: { latitude: 45.7054, longitude: -121.5215 },
      delivery: { ...PORTLAND_DELIVERY, postcodes: [], radiusKm: 15 },
    });
    const slot = await openSlot(t, vendor.id, 'delivery');
    const buyer = await buyerOf(vendor);
    await putAddress(t, buyer, { address: '5th & Columbia St, Hood River', postcode: '97031-1234' });
    expect((await choose(t, buyer, vendor.id, { slotId: slot.id })).json().shops[0].problem).toBeNull();
    const portland = await putAddress(t, buyer, { address: '1 SW Main St, Portland', postcode: '97204' });
    expect(portland.json().shops[0].problem).toMatchObject({ code: 'OUT_OF_AREA' });
    const unknown = await putAddress(t, buyer, { address: 'Somewhere', postcode: 'XY1 2ZZ' });
    expect(unknown.json().shops[0].problem).toEqual({
      code: 'OUT_OF_AREA',
      message: `We could not place the postcode XY1 2ZZ on the map, so we cannot tell whether ${vendor.name}'s Farm delivers there: please check it or choose pickup`,
    });
  });

  it('is refused below the shop’s minimum order (400 BELOW_MINIMUM)', async () => {
    const vendor = await shopWith(t);
    const slot = await openSlot(t, vendor.id, 'delivery');
    const buyer = await buyerOf(vendor, 1000);
    await putAddress(t, buyer, { address: '12 SE Belmont St', postcode: '97214' });
    const plan = (await choose(t, buyer, vendor.id, { slotId: slot.id })).json();
    expect(plan.shops[0].problem).toEqual({
      code: 'BELOW_MINIMUM',
      message: `${vendor.name}'s Farm delivers orders of $25.00 or more: please add $15.00 more or choose pickup`,
    });
    const started = await startPayment(t, buyer, { price: 0 });
    expect(started.statusCode).toBe(400);
    expect(started.json().error).toEqual(plan.shops[0].problem);
  });
});
