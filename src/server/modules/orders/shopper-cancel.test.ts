import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderTracking } from '#contract/fulfilment.ts';
import type { CustomerPayment } from '#contract/orders.ts';
import type { Slot } from '#contract/slots.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { nextFridayNoon, setupClockedApp, shopWith, slotsOf } from '../checkout/fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart, productRow } from '../checkout/test-fixtures.ts';
import { sandboxPaymentIntents } from '../payments/tables.ts';
import { moveOrder } from './order-fixtures.ts';
import { orderInSlot } from './slot-order-fixtures.ts';

/** A buyer cancels a shop's part of an order before the slot's ordering closes; the app's clock is moved, never waited. */
let clock = nextFridayNoon();
const t = setupClockedApp(() => clock);
beforeEach(() => {
  clock = nextFridayNoon();
});
const admin = setupUser(t, { role: 'admin' });

const cancelPart = (user: TestUser | null, id: string, shopId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/shops/${shopId}/cancellation`, headers: user?.auth });

const remainingOf = async (shopId: string, slot: Slot) =>
  (await slotsOf(t, shopId)).find((s) => s.id === slot.id)?.remaining;

async function historyEntry(buyer: TestUser, paymentId: string): Promise<CustomerPayment> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customerPayments/${buyer.email}`,
    headers: buyer.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.find((p: CustomerPayment) => p._id === paymentId);
}

async function tracking(buyer: TestUser, id: string): Promise<OrderTracking> {
  const response = await t.app.inject({ method: 'GET', url: `/api/orders/${id}/tracking`, headers: buyer.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What the sandbox card processor gave back of the charge, in cents. */
async function refundedAtProvider(transactionId: string) {
  const [intent] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, transactionId));
  return intent.amountRefundedCents;
}

describe('POST /api/orders/:id/shops/:shopId/cancellation', () => {
  it('before the cutoff: stock and the slot’s place come back and the buyer is refunded in the sandbox', async () => {
    const vendor = await shopWith(t);
    const { buyer, product, slot, payment } = await orderInSlot(t, vendor, { cents: 1250, units: 2, stock: 10 });
    expect(payment.price).toBe(25);
    expect((await productRow(t, product.id)).stock).toBe(8);
    expect(await remainingOf(vendor.id, slot)).toBe(slot.remaining - 1);
    expect((await tracking(buyer, payment._id)).shops).toEqual([
      expect.objectContaining({
        shopId: vendor.id,
        status: 'pending',
        cancellable: true,
        cancellableUntil: new Date(slot.closesAt).toISOString(),
        slotCancelled: null,
      }),
    ]);

    clock = new Date(new Date(slot.closesAt).getTime() - 60_000);
    const cancelled = await cancelPart(buyer, payment._id, vendor.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      shops: [{ shopId: vendor.id, status: 'cancelled', cancellable: false, cancellableUntil: null }],
    });
    expect((await productRow(t, product.id)).stock).toBe(10);
    expect(await remainingOf(vendor.id, slot)).toBe(slot.remaining);
    const entry = await historyEntry(buyer, payment._id);
    expect(entry).toMatchObject({ status: 'cancelled', refunded: 25, refundPending: 0, netPaid: 0 });
    expect(entry.refunds).toEqual([
      expect.objectContaining({
        amount: 25,
        status: 'succeeded',
        description: `${product.name} ×2 (${vendor.name}'s Farm), cancelled by you`,
      }),
    ]);
    expect(await refundedAtProvider(payment.transactionId)).toBe(2500);
    // The vendor sees the part cancelled.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/vendor/orders', headers: vendor.auth });
    expect(theirs.json().items[0]).toMatchObject({ _id: payment.orderId, status: 'cancelled' });
  });

  it('refunds a delivery part’s fee with its goods', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor, { kind: 'delivery', cents: 3000 });
    expect(payment).toMatchObject({ price: 36.5, deliveryFee: 6.5 });
    expect((await cancelPart(buyer, payment.orderId, vendor.id)).statusCode).toBe(200);
    const entry = await historyEntry(buyer, payment._id);
    expect(entry.refunds.map((r) => [r.description.split(',')[0], r.amount, r.status])).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/ ×1 \(/), 30, 'succeeded'],
        [`Delivery (${vendor.name}'s Farm)`, 6.5, 'succeeded'],
      ]),
    );
    expect(entry).toMatchObject({ refunded: 36.5, netPaid: 0 });
    expect(await refundedAtProvider(payment.transactionId)).toBe(3650);
  });

  it('after the cutoff, or once the shop moved the part on: 409 CANCEL_CLOSED with a sentence for the buyer', async () => {
    const vendor = await shopWith(t);
    const { buyer, product, slot, payment } = await orderInSlot(t, vendor, { stock: 5 });
    clock = new Date(slot.closesAt);
    expect((await tracking(buyer, payment._id)).shops[0]).toMatchObject({ cancellable: false, cancellableUntil: null });
    const late = await cancelPart(buyer, payment._id, vendor.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CANCEL_CLOSED');
    // "Fri 4 Dec, 09:00 PST": the slot's closing in the shop's zone.
    const wallClock = slot.closesAt.slice(11, 16);
    expect(late.json().error.message).toMatch(
      new RegExp(
        `^Ordering for this slot closed at [A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2}, ${wallClock} P[SD]T; contact the shop\\.$`,
      ),
    );
    expect((await productRow(t, product.id)).stock).toBe(4);

    clock = nextFridayNoon();
    const packed = await orderInSlot(t, vendor);
    expect((await moveOrder(t, vendor, packed.payment.orderId, 'ready')).statusCode).toBe(200);
    const tooLate = await cancelPart(packed.buyer, packed.payment._id, vendor.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error).toMatchObject({
      code: 'CANCEL_CLOSED',
      message: `${vendor.name}'s Farm has already moved this part on (Ready for pickup); contact the shop.`,
    });
    expect((await historyEntry(packed.buyer, packed.payment._id)).refunds).toEqual([]);
  });

  it('is the buyer’s own: 404 for another customer or another shop, 403 for a vendor, 401 signed out; an admin may', async () => {
    const vendor = await shopWith(t);
    const other = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    const stranger = await createUser(t);
    expect((await cancelPart(stranger, payment._id, vendor.id)).statusCode).toBe(404);
    expect((await cancelPart(buyer, payment._id, other.id)).statusCode).toBe(404);
    expect((await cancelPart(buyer, '00000000-0000-4000-8000-000000000000', vendor.id)).statusCode).toBe(404);
    expect((await cancelPart(buyer, 'not-a-uuid', vendor.id)).statusCode).toBe(400);
    expect((await cancelPart(vendor, payment._id, vendor.id)).statusCode).toBe(403);
    expect((await cancelPart(null, payment._id, vendor.id)).statusCode).toBe(401);
    expect((await tracking(buyer, payment._id)).shops[0].status).toBe('pending');

    const byAdmin = await cancelPart(admin, payment._id, vendor.id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().shops[0].status).toBe('cancelled');
  });

  it('cancels once: a second cancel is 409, and two at once refund once', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    expect((await cancelPart(buyer, payment._id, vendor.id)).statusCode).toBe(200);
    expect((await cancelPart(buyer, payment._id, vendor.id)).statusCode).toBe(409);

    const racing = await orderInSlot(t, vendor, { cents: 4000 });
    const answers = await Promise.all([1, 2, 3].map(() => cancelPart(racing.buyer, racing.payment._id, vendor.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const entry = await historyEntry(racing.buyer, racing.payment._id);
    expect(entry.refunds).toHaveLength(1);
    expect(entry.refunded).toBe(40);
    expect(await refundedAtProvider(racing.payment.transactionId)).toBe(4000);
  });

  it('cancels a part without a slot while it is still pending', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const buyer = await createUser(t);
    const product = await createProduct(t, vendor, { priceCents: 800, stock: 3 });
    await addToCart(t, buyer, product.id, 1);
    const { intent } = await payCart(t, buyer);
    const payment = (await confirmOrder(t, buyer, intent.paymentIntentId)).json() as CustomerPayment;
    expect((await tracking(buyer, payment._id)).shops[0]).toMatchObject({ cancellable: true, cancellableUntil: null });
    expect((await cancelPart(buyer, payment._id, vendor.id)).statusCode).toBe(200);
    expect((await productRow(t, product.id)).stock).toBe(3);
    expect((await historyEntry(buyer, payment._id)).refunded).toBe(8);
  });
});

describe('a date the shop cancelled after the buyer booked it', () => {
  it('tells the buyer in the history and the order’s steps, and lets them cancel whatever the cutoff', async () => {
    const vendor = await shopWith(t);
    const { buyer, product, slot, payment } = await orderInSlot(t, vendor, { stock: 4 });
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${vendor.id}/fulfilment`,
      headers: vendor.auth,
    });
    const windowId = settings.json().pickupPoints[0].windows[0].id;
    const holiday = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${vendor.id}/fulfilment/cancellations`,
      headers: vendor.auth,
      payload: { windowId, date: slot.start.slice(0, 10), reason: 'Market closed for the parade' },
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    expect(holiday.json().booked).toBe(1);

    clock = new Date(slot.start);
    const shopCancelled = { shopId: vendor.id, reason: 'Market closed for the parade' };
    expect((await historyEntry(buyer, payment._id)).cancelledSlots).toEqual([shopCancelled]);
    expect((await tracking(buyer, payment._id)).shops[0]).toMatchObject({
      cancellable: true,
      cancellableUntil: null,
      slotCancelled: shopCancelled,
    });
    expect((await cancelPart(buyer, payment._id, vendor.id)).statusCode).toBe(200);
    expect((await productRow(t, product.id)).stock).toBe(4);
    expect((await historyEntry(buyer, payment._id)).refunded).toBe(30);
  });
});

describe('PUT /api/orders/:id/shops/:shopId/slot', () => {
  const move = (user: TestUser, id: string, shopId: string, slotId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/shops/${shopId}/slot`,
      headers: user.auth,
      payload: { slotId },
    });

  it('moves a part whose date the shop cancelled to another open slot of the same kind, places counted', async () => {
    const vendor = await shopWith(t);
    const { buyer, slot, payment } = await orderInSlot(t, vendor);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${vendor.id}/fulfilment`,
      headers: vendor.auth,
    });
    const windowId = settings.json().pickupPoints[0].windows[0].id;
    await t.app.inject({
      method: 'POST',
      url: `/api/shops/${vendor.id}/fulfilment/cancellations`,
      headers: vendor.auth,
      payload: { windowId, date: slot.start.slice(0, 10), reason: 'Market closed for the parade' },
    });
    clock = new Date(slot.start);
    const slots = await slotsOf(t, vendor.id);
    const next = slots.find((s) => s.kind === 'pickup' && s.status === 'open') as Slot;
    const delivery = slots.find((s) => s.kind === 'delivery' && s.status === 'open') as Slot;
    expect(next.start > slot.start).toBe(true);

    const otherKind = await move(buyer, payment._id, vendor.id, delivery.id);
    expect(otherKind.statusCode).toBe(409);
    expect((await move(await createUser(t), payment._id, vendor.id, next.id)).statusCode).toBe(404);
    expect((await move(buyer, payment._id, vendor.id, 'not-a-slot')).statusCode).toBe(404);
    expect(await remainingOf(vendor.id, next)).toBe(next.remaining);

    const moved = await move(buyer, payment._id, vendor.id, next.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().shops[0]).toMatchObject({
      status: 'pending',
      fulfilment: { kind: 'pickup', start: next.start, end: next.end },
      slotCancelled: null,
      cancellable: true,
      cancellableUntil: new Date(next.closesAt).toISOString(),
    });
    expect(await remainingOf(vendor.id, next)).toBe(next.remaining - 1);
    expect((await historyEntry(buyer, payment._id)).cancelledSlots).toEqual([]);
  });

  it('is refused once the slot’s ordering closed (409 CANCEL_CLOSED)', async () => {
    const vendor = await shopWith(t);
    const { buyer, slot, payment } = await orderInSlot(t, vendor);
    const later = (await slotsOf(t, vendor.id))
      .filter((s) => s.kind === 'pickup' && s.status === 'open')
      .at(-1) as Slot;
    clock = new Date(slot.closesAt);
    const late = await move(buyer, payment._id, vendor.id, later.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CANCEL_CLOSED');
  });
});

describe('a vendor cancelling a booked part', () => {
  it('frees the slot’s place and refunds the delivery fee too', async () => {
    const vendor = await shopWith(t);
    const { buyer, slot, payment } = await orderInSlot(t, vendor, { kind: 'delivery', cents: 3000 });
    expect(await remainingOf(vendor.id, slot)).toBe(slot.remaining - 1);
    expect((await moveOrder(t, vendor, payment.orderId, 'cancelled')).statusCode).toBe(200);
    expect(await remainingOf(vendor.id, slot)).toBe(slot.remaining);
    const entry = await historyEntry(buyer, payment._id);
    expect(entry.refunded).toBe(36.5);
    expect(entry.refunds.map((r) => r.description)).toContain(
      `Delivery (${vendor.name}'s Farm), cancelled by the shop`,
    );
  });
});
