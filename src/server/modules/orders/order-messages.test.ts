import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '#contract/notifications.ts';
import type { CustomerPayment, Invoice } from '#contract/orders.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import {
  choose,
  nextFridayNoon,
  openSlot,
  putAddress,
  setupClockedApp,
  shopWith,
} from '../checkout/fulfilment-fixtures.ts';
import { addToCart, checkoutDetails, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { describe as render } from '../notifications/render.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { captures, paymentIntents, sandboxPaymentIntents, transfers } from '../payments/tables.ts';
import { moveOrder } from './order-fixtures.ts';
import { DELIVERY_ADDRESS } from './slot-order-fixtures.ts';
import { vendorPart, weigh, weighedProduct } from './weighed-fixtures.ts';

/**
 * Every figure the shopper is told comes from the ledger (issue 36, item 2): the receipt's hold and estimate, the
 * cancel dialog's and cancellation's release or refund, the invoice and history after it, the final charge's e-mail
 * and the shop's new-order e-mail, each compared with the payment rows, the capture and the provider's own record.
 */
/** Monday noon before the tests' Friday: Saturday's market is within the card hold's 6 days, Wednesday's delivery too. */
const mondayNoon = () => new Date(nextFridayNoon().getTime() - 4 * 86_400_000);
let now = mondayNoon();
const t = setupClockedApp(() => now);

/**
 * A butcher's 500 g piece at $20.00/kg collected at the market (estimate $10.00, held $11.00) and a grocer's $30.00
 * basket delivered for $6.50, one order: estimate $46.50, held $47.50.
 */
async function twoShopOrder() {
  now = mondayNoon();
  const butcher = await shopWith(t);
  const grocer = await shopWith(t);
  const steak = await weighedProduct(t, butcher, { pricePerKgCents: 2000, gramsPerPiece: 500, name: 'Ribeye' });
  const basket = await createProduct(t, grocer, { priceCents: 3000, name: 'Veg basket' });
  const shopper = await createUser(t);
  await addToCart(t, shopper, steak.id, 1);
  await addToCart(t, shopper, basket.id, 1);
  expect((await putAddress(t, shopper, DELIVERY_ADDRESS)).statusCode).toBe(200);
  const pickup = await openSlot(t, butcher.id, 'pickup');
  const delivery = await openSlot(t, grocer.id, 'delivery');
  const chosen = await choose(t, shopper, butcher.id, { slotId: pickup.id, note: 'Thick cut, please' });
  expect(chosen.statusCode, chosen.body).toBe(200);
  expect((await choose(t, shopper, grocer.id, { slotId: delivery.id, note: null })).statusCode).toBe(200);
  const { intent, paid } = await payCart(t, shopper);
  expect(paid.statusCode, paid.body).toBe(200);
  const confirmed = await confirmOrder(t, shopper, intent.paymentIntentId);
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  const payment: CustomerPayment = confirmed.json();
  return { butcher, grocer, shopper, payment, providerIntentId: intent.paymentIntentId };
}

type Order = Awaited<ReturnType<typeof twoShopOrder>>;

/** The newest in-app event of this kind the user was sent, as written to the outbox. */
async function eventOf<K extends NotificationEvent['kind']>(user: TestUser, kind: K) {
  const rows = await t.db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.userId, user.id),
        eq(notificationOutbox.kind, kind),
        eq(notificationOutbox.channel, 'in_app'),
      ),
    );
  const row = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  expect(row, `no ${kind} for the user`).toBeDefined();
  return row.payload as Extract<NotificationEvent, { kind: K }>;
}

/** The ledger's figures of the order: what the card is authorized for and what the provider captured (cents). */
async function ledger(order: Order) {
  const [intent] = await t.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.providerIntentId, order.providerIntentId));
  const [card] = await t.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, order.providerIntentId));
  const [capture] = await t.db.select().from(captures).where(eq(captures.paymentIntentId, intent.id));
  return { authorized: intent.amountCents, held: card.amountCents, capture, captured: card.amountCapturedCents };
}

const invoiceOf = async (order: Order): Promise<Invoice> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/invoice/${order.payment._id}`,
    headers: order.shopper.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const historyOf = async (order: Order): Promise<CustomerPayment> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customerPayments/${encodeURIComponent(order.shopper.email)}`,
    headers: order.shopper.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items[0];
};

const trackingOf = async (order: Order) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${order.payment.orderId}/tracking`,
    headers: order.shopper.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().shops as { shopId: string; onCancel: { refund: number; release: number } }[];
};

const cancelPart = (order: Order, shop: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.payment.orderId}/shops/${shop.id}/cancellation`,
    headers: order.shopper.auth,
  });

async function weighSteak(order: Order, grams: number) {
  const [line] = (await vendorPart(t, order.butcher, order.payment.orderId)).lines;
  const weighed = await weigh(t, order.butcher, order.payment.orderId, line._id, grams);
  expect(weighed.statusCode, weighed.body).toBe(200);
}

describe('what the shopper is told agrees with the ledger', () => {
  it('the receipt gives the hold the card is authorized for, each shop’s share of it, the estimate and where and when', async () => {
    const order = await twoShopOrder();
    const { authorized, held } = await ledger(order);
    expect(authorized).toBe(4750);
    expect(held).toBe(authorized);

    const receipt = await eventOf(order.shopper, 'order_placed');
    expect(receipt.heldCents).toBe(authorized);
    const heldFor = (item: string) => receipt.shops.find((s) => s.lines.some((l) => l.name === item))?.heldCents;
    expect([heldFor('Ribeye'), heldFor('Veg basket')]).toEqual([1100, 3650]);
    expect(receipt.shops.reduce((sum, s) => sum + (s.heldCents ?? 0), 0)).toBe(authorized);
    expect(receipt.totalCents).toBe(order.payment.price * 100);

    const message = render(receipt);
    expect(message.body).toContain(
      'Up to $47.50 is held on your card; you pay the weighed price, at most that (estimated $46.50).',
    );
    expect(message.body).toContain(`Bring your order number, ${order.payment.orderNumber}, when you collect.`);
    const partOf = (item: string) => message.table.find((part) => part.rows.some(([label]) => label.startsWith(item)));
    const [butcherPart, grocerPart, totals] = [partOf('Ribeye'), partOf('Veg basket'), message.table.at(-1)];
    if (!butcherPart || !grocerPart || !totals) throw new Error('the receipt lacks a part');
    expect(butcherPart.rows).toContainEqual(['Held for this shop', '$11.00']);
    expect(butcherPart.rows).toContainEqual([
      'Pickup',
      expect.stringMatching(
        /^Saturday market, SW Park Ave & SW Montgomery St, Portland, Sat \d+ \w+, 09:00–12:00 P[SD]T$/,
      ),
    ]);
    expect(grocerPart.rows).toContainEqual([
      'Delivery',
      expect.stringMatching(/^12 SE Belmont St, Portland, 97214, Wed \d+ \w+, 16:00–19:00 P[SD]T$/),
    ]);
    expect(totals.rows).toEqual([
      ['Subtotal', '$40.00'],
      ['Delivery', '$6.50'],
      ['Estimated total', '$46.50'],
      ['Held on your card', '$47.50'],
      ['Charged now', '$0.00'],
    ]);
  });

  it('the shop’s new order gives the slot, the shopper’s note and phone', async () => {
    const order = await twoShopOrder();
    const received = render(await eventOf(order.butcher, 'order_received'));
    expect(received.body).toMatch(/Pickup: Saturday market, .*, Sat \d+ \w+, 09:00–12:00 P[SD]T\./);
    expect(received.body).toContain('Their note: “Thick cut, please”');
    expect(received.table[0].rows).toContainEqual(['Phone', checkoutDetails.phoneNumber]);
    expect(received.table[0].rows).toContainEqual(['Note', 'Thick cut, please']);
  });

  it('a part cancelled before the charge: dialog, notice, invoice and history give the same release, the totals drop it', async () => {
    const order = await twoShopOrder();
    const grocerBefore = (await trackingOf(order)).find((s) => s.shopId === order.grocer.id);
    expect(grocerBefore?.onCancel).toEqual({ refund: 0, release: 36.5 });

    expect((await cancelPart(order, order.grocer)).statusCode).toBe(200);
    const cancelled = await eventOf(order.shopper, 'part_cancelled');
    expect(cancelled).toMatchObject({ refundCents: 0, releasedCents: 3650 });
    expect(render(cancelled).body).toContain(
      'Nothing was charged for it: the $36.50 held for it on your card is released.',
    );

    const invoice = await invoiceOf(order);
    expect(invoice).toMatchObject({ subtotal: 10, deliveryFee: 0, grandTotal: 10, refunded: 0 });
    expect(invoice.hold).toMatchObject({ authorized: 47.5, released: 36.5, status: 'authorized' });
    const history = await historyOf(order);
    expect(history).toMatchObject({ price: 10, deliveryFee: 0, hold: { released: 36.5 } });

    // The butcher weighs 520 g ($10.40): the card is charged that, and told with the rest released.
    await weighSteak(order, 520);
    expect((await moveOrder(t, order.butcher, order.payment.orderId, 'ready')).statusCode).toBe(200);
    const { capture, captured, authorized } = await ledger(order);
    expect(capture.amountCents).toBe(1040);
    expect(captured).toBe(1040);
    const charged = await eventOf(order.shopper, 'order_charged');
    expect(charged).toMatchObject({ chargedCents: capture.amountCents, heldCents: authorized, releasedCents: 3710 });
    expect(charged.shops.map((s) => [s.shopName, s.chargedCents])).toEqual([[expect.any(String), 1040]]);
    expect(render(charged).body).toContain('your card is charged $10.40');
    expect(render(charged).body).toContain('The other $37.10 of the $47.50 held is released.');

    const ready = render(await eventOf(order.shopper, 'step_changed'));
    expect(ready.body).toMatch(/Collect it at Saturday market, .*, Sat \d+ \w+, 09:00–12:00 P[SD]T\./);
    expect(ready.body).toContain('Its price: $10.40.');

    const after = await invoiceOf(order);
    expect(after).toMatchObject({ grandTotal: 10.4, netPaid: 10.4 });
    expect(after.hold).toMatchObject({ captured: 10.4, released: 37.1, status: 'charged' });
    expect(await historyOf(order)).toMatchObject({ price: 10.4, hold: { captured: 10.4, released: 37.1 } });
  });

  it('the other shop’s part is charged when the weighed one is, whatever its step, and paid in full less commission', async () => {
    const order = await twoShopOrder();
    await weighSteak(order, 480);
    expect((await moveOrder(t, order.butcher, order.payment.orderId, 'ready')).statusCode).toBe(200);
    // $9.60 of steak and the grocer's $36.50, its part still Ordered.
    const { captured } = await ledger(order);
    expect(captured).toBe(960 + 3650);
    const charged = await eventOf(order.shopper, 'order_charged');
    expect(charged.shops.map((s) => s.chargedCents).sort((a, b) => a - b)).toEqual([960, 3650]);
    expect(charged.releasedCents).toBe(4750 - 4610);

    // Cancelling the grocer's part now refunds what was charged for it: the dialog says the same figure.
    const grocer = (await trackingOf(order)).find((s) => s.shopId === order.grocer.id);
    expect(grocer?.onCancel).toEqual({ refund: 36.5, release: 0 });

    for (const step of ['ready', 'shipped', 'delivered'] as const) {
      expect((await moveOrder(t, order.grocer, order.payment.orderId, step)).statusCode).toBe(200);
    }
    const [transfer] = await t.db
      .select()
      .from(transfers)
      .where(and(eq(transfers.orderId, order.payment.orderId), eq(transfers.shopId, order.grocer.id)));
    expect(transfer).toMatchObject({ goodsCents: 3000, deliveryCents: 650 });
    expect(transfer.amountCents).toBe(3650 - transfer.commissionCents);
  });

  it('a paid order’s cancel dialog gives the refund the cancellation then makes', async () => {
    now = mondayNoon();
    const grocer = await shopWith(t);
    const basket = await createProduct(t, grocer, { priceCents: 3000, name: 'Veg basket' });
    const shopper = await createUser(t);
    await addToCart(t, shopper, basket.id, 2);
    const slot = await openSlot(t, grocer.id, 'pickup');
    expect((await choose(t, shopper, grocer.id, { slotId: slot.id, note: null })).statusCode).toBe(200);
    const { intent } = await payCart(t, shopper);
    const payment: CustomerPayment = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
    const order = { butcher: grocer, grocer, shopper, payment, providerIntentId: intent.paymentIntentId };

    const receipt = await eventOf(shopper, 'order_placed');
    expect(receipt.heldCents).toBeUndefined();
    expect(receipt.shops[0].chargedCents).toBe(6000);
    expect(render(receipt).body).toContain('is paid: $60.00.');

    const [part] = await trackingOf(order);
    expect(part.onCancel).toEqual({ refund: 60, release: 0 });
    expect((await cancelPart(order, grocer)).statusCode).toBe(200);
    const cancelled = await eventOf(shopper, 'part_cancelled');
    expect(cancelled).toMatchObject({ refundCents: 6000, releasedCents: 0 });
    expect(render(cancelled).body).toContain('$60.00 is refunded to your card.');
    expect(await invoiceOf(order)).toMatchObject({ grandTotal: 60, refunded: 60, netPaid: 0 });
  });
});
