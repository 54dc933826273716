import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, checkoutDetails, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { refundNotes, refunds, transferReversals } from '../payments/tables.ts';
import { moveOrder } from './order-fixtures.ts';
import { weighedProduct, weighOnly } from './weighed-fixtures.ts';

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });

const admin = () => createUser(t, { role: 'admin', name: 'Dana Desk' });

/** A shopper buys each product (`amount` of it) and pays in the sandbox; answers the order's id, number and payment. */
async function paidOrder(shopper: TestUser, items: { productId: string; amount: number }[]) {
  for (const item of items) await addToCart(t, shopper, item.productId, item.amount);
  const { intent } = await payCart(t, shopper, { details: checkoutDetails });
  const order = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
  return { orderId: order.orderId as string, orderNumber: order.orderNumber as string, paymentId: order._id };
}

/** A vendor's part handed over: shipped, then delivered. */
async function deliver(vendor: TestUser, orderId: string) {
  expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
  expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
}

/** Carrots $4 ×3 and honey $10 ×1 from one farm, delivered. */
async function deliveredOrder(name = 'Orla Quince') {
  const vendor = await createUser(t, { role: 'vendor' });
  const shopper = await createUser(t, { name });
  const carrots = await createProduct(t, vendor, { name: 'Carrots', priceCents: 400 });
  const honey = await createProduct(t, vendor, { name: 'Honey', priceCents: 1000 });
  const order = await paidOrder(shopper, [
    { productId: carrots.id, amount: 3 },
    { productId: honey.id, amount: 1 },
  ]);
  await deliver(vendor, order.orderId);
  return { vendor, shopper, ...order };
}

const story = async (user: TestUser, orderId: string) => {
  const answer = await call(user, 'GET', `/api/admin/orders/${orderId}`);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};

const lineOf = (found: { parts: { lines: { _id: string; itemName: string }[] }[] }, name: string) => {
  const line = found.parts.flatMap((part) => part.lines).find((l) => l.itemName === name);
  if (!line) throw new Error(`no line ${name}`);
  return line;
};

describe('the order desk’s search', () => {
  it('finds orders by number, shopper, shop, days and step, newest first, a page at a time', async () => {
    const desk = await admin();
    const first = await deliveredOrder('Zebedee Farthing');
    const other = await createUser(t, { role: 'vendor' });
    const shopper = await createUser(t, { name: 'Yolanda Pennywhistle' });
    const pending = await paidOrder(shopper, [
      { productId: (await createProduct(t, other, { name: 'Leeks', priceCents: 300 })).id, amount: 1 },
    ]);
    const search = async (query: string) => {
      const answer = await call(desk, 'GET', `/api/admin/orders?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };

    const byName = await search('q=zebedee');
    // The account's name finds it, and the name given at checkout is the order's.
    expect(byName).toMatchObject({ total: 1, items: [{ _id: first.orderId, name: checkoutDetails.name, total: 22 }] });
    expect(byName.items[0].shops).toEqual([{ shopName: expect.any(String), status: 'delivered' }]);
    expect(
      (await search(`q=${encodeURIComponent(first.shopper.email)}`)).items.map((o: { _id: string }) => o._id),
    ).toEqual([first.orderId]);
    expect((await search(`q=${first.orderNumber}`)).items.map((o: { _id: string }) => o._id)).toEqual([first.orderId]);

    const shopName = byName.items[0].shops[0].shopName as string;
    const byShop = await search(`shop=${encodeURIComponent(shopName)}`);
    expect(byShop.items.map((o: { _id: string }) => o._id)).toEqual([first.orderId]);

    const pendingOnes = (await search('status=pending&q=pennywhistle')).items;
    expect(pendingOnes.map((o: { _id: string }) => o._id)).toEqual([pending.orderId]);
    expect((await search('status=delivered&q=pennywhistle')).total).toBe(0);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: t.app.config.businessTimeZone });
    expect((await search(`from=${today}&to=${today}&q=zebedee`)).total).toBe(1);
    expect((await search('from=2020-01-01&to=2020-01-31&q=zebedee')).total).toBe(0);

    const paged = await search('limit=1&page=1');
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0]._id).toBe(pending.orderId);

    const backwards = await call(desk, 'GET', '/api/admin/orders?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The first day must not be after the last');
    expect((await call(desk, 'GET', '/api/admin/orders?from=yesterday')).statusCode).toBe(400);
  });
});

describe('an order’s story', () => {
  it('tells each part, its steps, the payment, the transfer and the notices, agreeing with the invoice', async () => {
    const desk = await admin();
    const { orderId, paymentId, shopper } = await deliveredOrder();
    const found = await story(desk, orderId);
    const invoice = (await call(desk, 'GET', `/api/invoice/${paymentId}`)).json();

    expect(found).toMatchObject({ _id: orderId, name: checkoutDetails.name, email: shopper.email, status: 'complete' });
    expect(found.money).toMatchObject({ state: 'paid', charged: invoice.grandTotal, refunded: 0 });
    expect(found.payments).toEqual([
      expect.objectContaining({ kind: 'charge', amount: invoice.grandTotal, status: 'settled' }),
    ]);
    const [part] = found.parts;
    expect(part).toMatchObject({ status: 'delivered', charged: 22, refunded: 0, refundable: 22, cancellable: false });
    expect(part.steps.map((step: { label: string }) => step.label)).toEqual(['Pending', 'Shipped', 'Delivered']);
    // Lines sold together are in no set order.
    const paidOf = Object.fromEntries(
      part.lines.map((line: { itemName: string; paid: number }) => [line.itemName, line.paid]),
    );
    expect(paidOf).toEqual({ Carrots: 12, Honey: 10 });
    expect(found.transfers).toEqual([expect.objectContaining({ amount: 19.8, commission: 2.2, reversed: 0 })]);
    expect(found.notices).toContainEqual(
      expect.objectContaining({ kind: 'order_placed', channel: 'email', to: shopper.email }),
    );
    expect(found.notices).toContainEqual(
      expect.objectContaining({ kind: 'step_changed', channel: 'in_app', about: `${part.shopName}: Delivered` }),
    );
    expect((await call(desk, 'GET', `/api/admin/orders/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('the story of weighed goods', () => {
  it('tells the hold, then its capture and what was released, as the invoice does; the weighed line refunds by amount', async () => {
    const desk = await admin();
    const butcher = await createUser(t, { role: 'vendor' });
    const chicken = await weighedProduct(t, butcher, { pricePerKgCents: 2400, gramsPerPiece: 450, name: 'Chicken' });
    const shopper = await createUser(t);
    const { orderId, paymentId } = await paidOrder(shopper, [{ productId: chicken.id, amount: 2 }]);

    // 2 × 450 g at $24.00/kg = $21.60, held with 10% more: $23.76; nothing charged yet.
    const held = await story(desk, orderId);
    expect(held.money).toMatchObject({ state: 'held', held: 23.76, charged: null });
    expect(held.payments).toEqual([expect.objectContaining({ kind: 'hold', amount: 23.76 })]);
    expect(held.parts[0]).toMatchObject({ held: 23.76, charged: null, refundable: 0, cancellable: true });
    expect(lineOf(held, 'Chicken')).toMatchObject({ paid: null, refundable: 0 });

    // 874 g: $20.98 charged, the rest of the hold released.
    await weighOnly(t, butcher, orderId, 874);
    await deliver(butcher, orderId);
    const charged = await story(desk, orderId);
    const invoice = (await call(desk, 'GET', `/api/invoice/${paymentId}`)).json();
    expect(invoice.grandTotal).toBe(20.98);
    expect(charged.money).toMatchObject({ state: 'charged', held: 23.76, charged: 20.98, released: 2.78 });
    expect(charged.payments).toEqual([
      expect.objectContaining({ kind: 'hold', amount: 23.76 }),
      expect.objectContaining({ kind: 'capture', amount: 20.98, status: 'succeeded' }),
    ]);
    expect(lineOf(charged, 'Chicken')).toMatchObject({ paid: 20.98, refundable: 20.98 });

    const url = `/api/admin/orders/${orderId}/shops/${butcher.id}/refunds`;
    const line = lineOf(charged, 'Chicken')._id;
    const refund = await call(desk, 'POST', url, { lineId: line, amount: 5, cause: 'quality', key: randomUUID() });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(lineOf(await story(desk, orderId), 'Chicken')).toMatchObject({ refunded: 5, refundable: 15.98 });
  });
});

describe('refunds at the desk', () => {
  it('gives back one line by quantity, with why and who in the ledger, the shop’s payout reduced by its share', async () => {
    const desk = await admin();
    const { orderId, vendor, paymentId, shopper } = await deliveredOrder();
    const carrots = lineOf(await story(desk, orderId), 'Carrots');
    const key = randomUUID();
    const answer = await call(desk, 'POST', `/api/admin/orders/${orderId}/shops/${vendor.id}/refunds`, {
      lineId: carrots._id,
      quantity: 1,
      cause: 'damaged',
      note: 'One bunch arrived crushed',
      key,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    // $4 back: the shop gives back $3.60, the marketplace its $0.40 of commission.
    expect(answer.json()).toMatchObject({ amount: 4, reversed: 3.6, repeated: false });

    const { refundId } = answer.json();
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({ amountCents: 400, reason: 'after_delivery', status: 'succeeded', orderId });
    const [note] = await t.db.select().from(refundNotes).where(eq(refundNotes.refundId, refundId));
    expect(note).toMatchObject({ cause: 'damaged', note: 'One bunch arrived crushed', givenBy: desk.id });
    const [reversal] = await t.db.select().from(transferReversals).where(eq(transferReversals.refundId, refundId));
    expect(reversal).toMatchObject({ amountCents: 360, commissionCents: 40 });

    const after = await story(desk, orderId);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amount: 4,
        what: 'Carrots ×3',
        reason: 'Arrived damaged',
        note: 'One bunch arrived crushed',
        by: 'Dana Desk',
      }),
    ]);
    expect(lineOf(after, 'Carrots')).toMatchObject({ refunded: 4, refundable: 8 });
    expect(after.parts[0]).toMatchObject({ refunded: 4, refundable: 18 });
    expect(after.transfers[0]).toMatchObject({ reversed: 3.6 });

    // The shopper's invoice says the same.
    const invoice = (await call(shopper, 'GET', `/api/invoice/${paymentId}`)).json();
    expect(invoice).toMatchObject({ refunded: 4, netPaid: 18 });
    expect(invoice.refunds).toEqual([expect.objectContaining({ amount: 4 })]);
  });

  it('names an admin who left by the erased name', async () => {
    const desk = await createUser(t, { role: 'admin', name: 'Lena Leaving' });
    await admin();
    const { orderId, vendor } = await deliveredOrder();
    const url = `/api/admin/orders/${orderId}/shops/${vendor.id}/refunds`;
    expect((await call(desk, 'POST', url, { amount: 1, cause: 'goodwill', key: randomUUID() })).statusCode).toBe(201);
    const left = await call(desk, 'DELETE', '/api/users/me', { password: desk.password });
    expect(left.statusCode, left.body).toBe(200);
    const found = await story(await admin(), orderId);
    expect(found.refunds).toEqual([expect.objectContaining({ by: 'Former admin' })]);
  });

  it('refuses more than is left of a line or a part, with the reason', async () => {
    const desk = await admin();
    const { orderId, vendor } = await deliveredOrder();
    const honey = lineOf(await story(desk, orderId), 'Honey');
    const url = `/api/admin/orders/${orderId}/shops/${vendor.id}/refunds`;
    const give = (body: object) => call(desk, 'POST', url, { cause: 'quality', key: randomUUID(), ...body });

    const tooMuch = await give({ lineId: honey._id, amount: 10.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('At most $10.00 is left to refund for Honey');
    const tooMany = await give({ lineId: honey._id, quantity: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('Only 1 of Honey were sold');

    expect((await give({ lineId: honey._id, amount: 6 })).statusCode).toBe(201);
    const rest = await give({ lineId: honey._id, amount: 4.01 });
    expect(rest.json().error.message).toBe('At most $4.00 is left to refund for Honey');
    expect((await give({ amount: 16 })).statusCode).toBe(201);
    const over = await give({ amount: 0.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('At most $0.00 is left to refund for this part');

    const neither = await give({ lineId: honey._id });
    expect(neither.statusCode).toBe(400);
    expect((await give({ amount: 1, cause: 'because' })).statusCode).toBe(400);
    const otherShop = await call(desk, 'POST', `/api/admin/orders/${orderId}/shops/${desk.id}/refunds`, {
      amount: 1,
      cause: 'quality',
      key: randomUUID(),
    });
    expect(otherShop.statusCode).toBe(404);
  });

  it('gives a refund clicked twice at once only once', async () => {
    const desk = await admin();
    const { orderId, vendor } = await deliveredOrder();
    const carrots = lineOf(await story(desk, orderId), 'Carrots');
    const body = { lineId: carrots._id, quantity: 3, cause: 'missing', key: randomUUID() };
    const url = `/api/admin/orders/${orderId}/shops/${vendor.id}/refunds`;
    const answers = await Promise.all([call(desk, 'POST', url, body), call(desk, 'POST', url, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((a) => a.json().refundId)).size).toBe(1);
    expect(answers.map((a) => a.json().repeated).sort()).toEqual([false, true]);
    const given = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(given.map((r) => r.amountCents)).toEqual([1200]);
  });

  it('is for admins only', async () => {
    const { orderId, vendor, shopper } = await deliveredOrder();
    const body = { amount: 1, cause: 'quality', key: randomUUID() };
    for (const caller of [shopper, vendor]) {
      expect((await call(caller, 'GET', '/api/admin/orders')).statusCode).toBe(403);
      expect((await call(caller, 'GET', `/api/admin/orders/${orderId}`)).statusCode).toBe(403);
      const refund = await call(caller, 'POST', `/api/admin/orders/${orderId}/shops/${vendor.id}/refunds`, body);
      expect(refund.statusCode).toBe(403);
      expect((await call(caller, 'POST', `/api/admin/orders/${orderId}/receipt`)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/admin/orders')).statusCode).toBe(401);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });
});

describe('cancelling a part at the desk', () => {
  it('cancels a part not delivered as its shop would, refunding it with why; a delivered part is refused', async () => {
    const desk = await admin();
    const vendor = await createUser(t, { role: 'vendor' });
    const shopper = await createUser(t);
    const leeks = await createProduct(t, vendor, { name: 'Leeks', priceCents: 300 });
    const { orderId } = await paidOrder(shopper, [{ productId: leeks.id, amount: 2 }]);
    const url = `/api/admin/orders/${orderId}/shops/${vendor.id}/cancellation`;

    const answer = await call(desk, 'POST', url, {
      cause: 'late',
      note: 'The farm cannot deliver this week',
      key: randomUUID(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().shops).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    const found = await story(desk, orderId);
    expect(found.refunds).toEqual([
      expect.objectContaining({ amount: 6, reason: 'Late or not handed over', by: 'Dana Desk' }),
    ]);
    expect(found.parts[0].steps.at(-1)).toMatchObject({ status: 'cancelled' });

    const again = await call(desk, 'POST', url, { cause: 'late', key: randomUUID() });
    expect(again.statusCode).toBe(409);
    const delivered = await deliveredOrder();
    const refused = await call(
      desk,
      'POST',
      `/api/admin/orders/${delivered.orderId}/shops/${delivered.vendor.id}/cancellation`,
      {
        cause: 'late',
        key: randomUUID(),
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This order is delivered and cannot be marked cancelled');
  });
});

describe('sending the receipt again', () => {
  it('queues one e-mail of the receipt to the shopper, and no bell notice', async () => {
    const desk = await admin();
    const { orderId, shopper } = await deliveredOrder();
    const receipts = (channel: 'email' | 'in_app') =>
      t.db
        .select()
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.userId, shopper.id),
            eq(notificationOutbox.kind, 'order_placed'),
            eq(notificationOutbox.channel, channel),
          ),
        );
    expect(await receipts('email')).toHaveLength(1);
    const answer = await call(desk, 'POST', `/api/admin/orders/${orderId}/receipt`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ to: shopper.email });
    const emails = await receipts('email');
    expect(emails).toHaveLength(2);
    expect(emails[1].payload).toMatchObject({ kind: 'order_placed', orderId, totalCents: 2200 });
    expect(await receipts('in_app')).toHaveLength(1);
    expect((await call(desk, 'POST', `/api/admin/orders/${randomUUID()}/receipt`)).statusCode).toBe(404);
  });
});
