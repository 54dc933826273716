import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, checkoutDetails, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { daysAgo, moveOrder } from './order-fixtures.ts';
import { orderFulfilments, orders } from './tables.ts';

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });

const PHOTO = '/uploads/crushed-carrots.webp';

/** Carrots $4 ×3 and honey $10 ×1 from one farm, paid; delivered unless `delivered` is false. */
async function order({ delivered = true } = {}) {
  const vendor = await createUser(t, { role: 'vendor' });
  const shopper = await createUser(t, { name: 'Rhea Report' });
  const carrots = await createProduct(t, vendor, { name: 'Carrots', priceCents: 400 });
  const honey = await createProduct(t, vendor, { name: 'Honey', priceCents: 1000 });
  await addToCart(t, shopper, carrots.id, 3);
  await addToCart(t, shopper, honey.id, 1);
  const { intent } = await payCart(t, shopper, { details: checkoutDetails });
  const { orderId } = (await confirmOrder(t, shopper, intent.paymentIntentId)).json() as { orderId: string };
  if (delivered) {
    expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
    expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
  }
  const desk = (await call(await createUser(t, { role: 'admin' }), 'GET', `/api/admin/orders/${orderId}`)).json();
  const lineId = (name: string) =>
    desk.parts[0].lines.find((line: { itemName: string }) => line.itemName === name)._id as string;
  return { vendor, shopper, orderId, carrots: lineId('Carrots'), honey: lineId('Honey') };
}

const report = (shopper: TestUser | null, orderId: string, shopId: string, body: object) =>
  call(shopper, 'POST', `/api/orders/${orderId}/shops/${shopId}/problems`, body);

describe('a shopper reports a problem with a delivered part', () => {
  it('is kept with its photo and lines, told to the shop and the admins, and read by each', async () => {
    const admin = await createUser(t, { role: 'admin', name: 'Ada Admin' });
    const { vendor, shopper, orderId, carrots } = await order();

    const answer = await report(shopper, orderId, vendor.id, {
      reason: 'damaged',
      lineIds: [carrots, carrots],
      photo: PHOTO,
      text: '  One bunch arrived crushed.  ',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const saved = answer.json();
    expect(saved).toMatchObject({
      orderId,
      shopId: vendor.id,
      buyerName: checkoutDetails.name,
      reason: 'damaged',
      lines: [{ _id: carrots, itemName: 'Carrots' }],
      photo: PHOTO,
      text: 'One bunch arrived crushed.',
      state: 'open',
      resolution: null,
    });
    expect(saved.orderNumber).toMatch(/^FS-\d+$/);

    // The shop and every admin are told, in the app and by e-mail.
    const told = await t.db
      .select({ userId: notificationOutbox.userId, channel: notificationOutbox.channel })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, 'problem_reported'), eq(notificationOutbox.userId, vendor.id)));
    expect(told.map((row) => row.channel).sort()).toEqual(['email', 'in_app']);
    const toAdmin = await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, 'problem_reported'), eq(notificationOutbox.userId, admin.id)));
    expect(toAdmin.map((row) => row.payload)).toContainEqual(
      expect.objectContaining({ to: 'admin', orderId, reason: 'Arrived damaged' }),
    );

    const mine = await call(shopper, 'GET', `/api/orders/${orderId}/problems`);
    expect(mine.json()).toEqual([expect.objectContaining({ _id: saved._id, state: 'open' })]);
    const shops = await call(vendor, 'GET', '/api/vendor/problems');
    expect(shops.json()).toEqual([expect.objectContaining({ _id: saved._id, text: 'One bunch arrived crushed.' })]);
    const otherShop = await createUser(t, { role: 'vendor' });
    expect((await call(otherShop, 'GET', '/api/vendor/problems')).json()).toEqual([]);
    const open = (await call(admin, 'GET', '/api/admin/problems')).json();
    expect(open.map((r: { _id: string }) => r._id)).toContain(saved._id);
    const story = (await call(admin, 'GET', `/api/admin/orders/${orderId}`)).json();
    expect(story.reports).toEqual([expect.objectContaining({ _id: saved._id, photo: PHOTO })]);
  });

  it('keeps one open report per part: another waits until the first is resolved', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { vendor, shopper, orderId } = await order();
    const first = await report(shopper, orderId, vendor.id, { reason: 'missing', text: 'No honey in the bag' });
    expect(first.statusCode).toBe(201);
    const again = await report(shopper, orderId, vendor.id, { reason: 'quality', text: 'And the carrots are soft' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'A problem with this part is already reported and open: we are looking into it',
    );

    const resolve = (body: object) => call(admin, 'POST', `/api/admin/problems/${first.json()._id}/resolution`, body);
    expect((await resolve({ resolution: ' ' })).statusCode).toBe(400);
    const resolved = await resolve({ resolution: 'The farm brings the honey on Saturday' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ state: 'resolved', resolution: 'The farm brings the honey on Saturday' });
    expect((await resolve({ resolution: 'Twice' })).statusCode).toBe(409);
    expect(
      (await call(shopper, 'POST', `/api/admin/problems/${first.json()._id}/resolution`, { resolution: 'x' }))
        .statusCode,
    ).toBe(403);

    const later = await report(shopper, orderId, vendor.id, { reason: 'quality', text: 'And the carrots are soft' });
    expect(later.statusCode).toBe(201);
    const states = (await call(shopper, 'GET', `/api/orders/${orderId}/problems`)).json();
    expect(states.map((r: { state: string }) => r.state)).toEqual(['open', 'resolved']);
  });

  it('is refused with a clear reason: not the shopper’s order, not delivered, too late, other lines, bad input', async () => {
    const { vendor, shopper, orderId, carrots } = await order();
    const body = { reason: 'damaged', text: 'Crushed' };

    const stranger = await createUser(t);
    expect((await report(stranger, orderId, vendor.id, body)).statusCode).toBe(404);
    expect((await report(vendor, orderId, vendor.id, body)).statusCode).toBe(404);
    expect((await report(null, orderId, vendor.id, body)).statusCode).toBe(401);
    expect((await report(shopper, orderId, randomUUID(), body)).statusCode).toBe(404);

    const pending = await order({ delivered: false });
    const early = await report(pending.shopper, pending.orderId, pending.vendor.id, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('You can report a problem once this part is delivered or picked up');

    const otherLine = await report(shopper, orderId, vendor.id, { ...body, lineIds: [pending.carrots] });
    expect(otherLine.statusCode).toBe(400);
    expect(otherLine.json().error.message).toBe('Choose lines of this shop’s part of the order');

    const invalid = await report(shopper, orderId, vendor.id, {
      reason: 'late',
      lineIds: ['x'],
      photo: '//evil.example/a.png',
      text: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toMatchObject({
      reason: 'Choose what went wrong',
      photo: 'Upload the photo again',
      text: 'Tell us what happened',
    });
    expect((await report(shopper, orderId, vendor.id, { ...body, text: 'x'.repeat(2001) })).statusCode).toBe(400);

    // Fifteen days after its pickup or delivery time.
    await t.db
      .update(orderFulfilments)
      .set({ endsAt: daysAgo(15) })
      .where(eq(orderFulfilments.orderId, orderId));
    await t.db
      .update(orders)
      .set({ createdAt: daysAgo(16) })
      .where(eq(orders.id, orderId));
    const late = await report(shopper, orderId, vendor.id, { ...body, lineIds: [carrots] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Problems can be reported up to 14 days after pickup or delivery: please contact us instead',
    );
    expect((await call(shopper, 'GET', `/api/orders/${orderId}/problems`)).json()).toEqual([]);
    expect((await call(stranger, 'GET', `/api/orders/${orderId}/problems`)).statusCode).toBe(404);
  });
});

describe('a refund at the order desk answers a report', () => {
  it('refunds the reported line with its reason and resolves the report, saying what was given', async () => {
    const admin = await createUser(t, { role: 'admin', name: 'Dana Desk' });
    const { vendor, shopper, orderId, carrots } = await order();
    const reported = (
      await report(shopper, orderId, vendor.id, { reason: 'damaged', lineIds: [carrots], text: 'Crushed carrots' })
    ).json();

    const url = `/api/admin/orders/${orderId}/shops/${vendor.id}/refunds`;
    const refund = { lineId: carrots, quantity: 1, cause: 'damaged', reportId: reported._id };
    // A report of another part is not this refund's.
    const elsewhere = await order();
    const other = (
      await report(elsewhere.shopper, elsewhere.orderId, elsewhere.vendor.id, { reason: 'other', text: 'Hm' })
    ).json();
    const wrong = await call(admin, 'POST', url, { ...refund, reportId: other._id, key: randomUUID() });
    expect(wrong.statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/admin/orders/${orderId}`)).json().parts[0].refunded).toBe(0);

    const given = await call(admin, 'POST', url, { ...refund, key: randomUUID() });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ amount: 4 });

    const [mine] = (await call(shopper, 'GET', `/api/orders/${orderId}/problems`)).json();
    expect(mine).toMatchObject({ state: 'resolved', resolution: 'Refunded $4.00 for Carrots' });
    expect(mine.resolvedAt).toEqual(expect.any(String));
    const open = (await call(admin, 'GET', '/api/admin/problems')).json();
    expect(open.map((r: { _id: string }) => r._id)).not.toContain(reported._id);
    const resolved = (await call(admin, 'GET', '/api/admin/problems?state=resolved')).json();
    expect(resolved.map((r: { _id: string }) => r._id)).toContain(reported._id);

    // The report is resolved: a second refund naming it is refused and gives nothing.
    const twice = await call(admin, 'POST', url, { ...refund, key: randomUUID() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This problem report is already resolved');
    expect((await call(admin, 'GET', `/api/admin/orders/${orderId}`)).json().parts[0].refunded).toBe(4);
  });
});

describe('a shopper who reported a problem', () => {
  it('finds the report in their data, and leaving erases their words and photo but keeps what was done', async () => {
    const { vendor, shopper, orderId, carrots } = await order();
    const body = { reason: 'damaged', lineIds: [carrots], photo: PHOTO, text: 'Crushed, see my kitchen photo' };
    const saved = (await report(shopper, orderId, vendor.id, body)).json();

    const data = (await call(shopper, 'GET', '/api/users/me/data')).json();
    const [kept] = data.orders.find((o: { orderNumber: string }) => o.orderNumber === saved.orderNumber).problemReports;
    expect(kept).toMatchObject({
      reason: 'damaged',
      text: 'Crushed, see my kitchen photo',
      photo: PHOTO,
      state: 'open',
    });

    const left = await call(shopper, 'DELETE', '/api/users/me', { password: shopper.password });
    expect(left.statusCode, left.body).toBe(200);
    const admin = await createUser(t, { role: 'admin' });
    const [after] = (await call(admin, 'GET', `/api/orders/${orderId}/problems`)).json();
    expect(after).toMatchObject({ reason: 'damaged', lines: [{ _id: carrots }], text: '[erased]', photo: null });
    // The shop's message no longer quotes them.
    const toShop = await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, 'problem_reported'), eq(notificationOutbox.userId, vendor.id)));
    expect(toShop.length).toBeGreaterThan(0);
    for (const row of toShop) expect(row.payload).toMatchObject({ excerpt: '[erased]' });
  });
});
