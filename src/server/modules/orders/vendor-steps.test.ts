import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BulkStepResult, StepUndo, VendorOrder } from '#contract/fulfilment.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { shopWith } from '../checkout/fulfilment-fixtures.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { transfers } from '../payments/tables.ts';
import { insertOrder, insertProduct, moveOrder } from './order-fixtures.ts';
import { orderInSlot } from './slot-order-fixtures.ts';
import { orderLines } from './tables.ts';
import { undoOf } from './vendor-steps.ts';
import { vendorPart } from './weighed-fixtures.ts';

/** Market day (decision 059): many orders moved in one call, and a step taken back with its undo. */

const t = setupTestApp();

const steps = (vendor: TestUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/vendor/orders/steps', headers: vendor.auth, payload: payload as object });
const undo = (vendor: TestUser, orderId: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/vendor/orders/${orderId}/undo`,
    headers: vendor.auth,
    payload: { token },
  });
/** The shopper's messages about the order's steps, as the outbox holds them. */
const stepMessages = (orderId: string) =>
  t.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.kind, 'step_changed'))
    .then((rows) => rows.filter((row) => (row.payload as { orderId?: string }).orderId === orderId));

describe('POST /api/vendor/orders/steps (Mark all ready)', () => {
  it('moves every eligible order of the vendor and answers per order what happened', async () => {
    const vendor = await shopWith(t);
    const other = await shopWith(t);
    const paid = [];
    for (let i = 0; i < 3; i++) paid.push((await orderInSlot(t, vendor)).payment);
    const cancelled = (await orderInSlot(t, vendor)).payment;
    expect((await moveOrder(t, vendor, cancelled.orderId, 'cancelled')).statusCode).toBe(200);
    const theirs = (await orderInSlot(t, other)).payment;
    // A weighed line not weighed yet: the part cannot be ready.
    const steak = await insertProduct(t, vendor, { name: 'Steak', priceCents: 2400 });
    const unweighed = await insertOrder(t, await createUser(t), [{ product: steak, amount: 1 }]);
    await t.db.update(orderLines).set({ estimatedGrams: 500 }).where(eq(orderLines.orderId, unweighed.orderId));

    const ids = [...paid.map((p) => p.orderId), cancelled.orderId, theirs.orderId, unweighed.orderId];
    const response = await steps(vendor, { orderIds: ids, status: 'ready' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { moved: number; results: BulkStepResult[] };
    expect(answer.moved).toBe(3);
    const byId = new Map(answer.results.map((r) => [r.orderId, r]));
    for (const { orderId } of paid) {
      expect(byId.get(orderId)).toMatchObject({ outcome: 'moved', message: null, order: { status: 'ready' } });
      expect(byId.get(orderId)?.undo?.token).toBeTruthy();
      expect((await vendorPart(t, vendor, orderId)).status).toBe('ready');
    }
    expect(byId.get(cancelled.orderId)).toMatchObject({
      outcome: 'refused',
      message: 'It is cancelled',
      order: { status: 'cancelled' },
      undo: null,
    });
    // Another shop's order is refused as not found: nothing about it is revealed, and it does not move.
    expect(byId.get(theirs.orderId)).toEqual({
      orderId: theirs.orderId,
      outcome: 'refused',
      message: 'Not one of your orders',
      order: null,
      undo: null,
    });
    expect((await vendorPart(t, other, theirs.orderId)).status).toBe('pending');
    // An order without a slot is shipped, never ready.
    expect(byId.get(unweighed.orderId)).toMatchObject({
      outcome: 'refused',
      message: 'This order is pending and cannot be marked ready',
      order: { status: 'pending' },
    });
    const shipped = (await steps(vendor, { orderIds: [unweighed.orderId], status: 'shipped' })).json();
    expect(shipped.results[0]).toMatchObject({
      outcome: 'refused',
      message: expect.stringMatching(/^Weigh Steak before marking it shipped/),
      order: { status: 'pending' },
    });

    // The shopper hears each step as when moved alone, once the undo time has passed.
    const [message] = (await stepMessages(paid[0].orderId)).filter((row) => row.channel === 'in_app');
    expect(message.payload).toMatchObject({ status: 'ready', label: 'Ready for pickup' });
    expect(message.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Again: the ones already ready are unchanged.
    const again = (await steps(vendor, { orderIds: ids.slice(0, 3), status: 'ready' })).json();
    expect(again.moved).toBe(0);
    expect(again.results.map((r: BulkStepResult) => r.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('checks its input: ids, at most 200, a step (not a cancellation), vendors only', async () => {
    const vendor = await shopWith(t);
    const { payment, buyer } = await orderInSlot(t, vendor);
    expect((await steps(vendor, { orderIds: [], status: 'ready' })).json().error.message).toBe(
      'orderIds: Choose at least one order',
    );
    expect((await steps(vendor, { orderIds: ['x'], status: 'ready' })).statusCode).toBe(400);
    const many = Array.from({ length: 201 }, () => payment.orderId);
    expect((await steps(vendor, { orderIds: many, status: 'ready' })).json().error.message).toBe(
      'orderIds: At most 200 orders at once',
    );
    const cancel = await steps(vendor, { orderIds: [payment.orderId], status: 'cancelled' });
    expect(cancel.statusCode).toBe(400);
    expect((await steps(buyer, { orderIds: [payment.orderId], status: 'ready' })).statusCode).toBe(403);
    expect((await vendorPart(t, vendor, payment.orderId)).status).toBe('pending');
  });
});

describe('POST /api/vendor/orders/:orderId/undo', () => {
  it('puts the part back to the step it left, and the shopper is never told the undone step', async () => {
    const vendor = await shopWith(t);
    const { payment } = await orderInSlot(t, vendor);
    const moved = await moveOrder(t, vendor, payment.orderId, 'ready');
    const { undo: ticket, order } = moved.json() as { undo: StepUndo; order: VendorOrder };
    expect(order.status).toBe('ready');
    expect(new Date(ticket.until).getTime() - Date.now()).toBeGreaterThan(8_000);
    expect(await stepMessages(payment.orderId)).toHaveLength(2); // the bell and the e-mail, held back

    const undone = await undo(vendor, payment.orderId, ticket.token);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ modifiedCount: 1, order: { status: 'pending' }, undo: null });
    expect((await vendorPart(t, vendor, payment.orderId)).status).toBe('pending');
    expect(await stepMessages(payment.orderId)).toEqual([]);

    // Only once: the order is no longer where the step put it.
    const twice = await undo(vendor, payment.orderId, ticket.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This order is ordered now: only the step just made is undone');
  });

  it('only by the vendor that made it, for that order, within the undo time', async () => {
    const vendor = await shopWith(t);
    const other = await shopWith(t);
    const { payment } = await orderInSlot(t, vendor);
    const second = (await orderInSlot(t, vendor)).payment;
    const { undo: ticket } = (await moveOrder(t, vendor, payment.orderId, 'ready')).json() as { undo: StepUndo };

    // Another shop: the order is not found, the token does not help.
    expect((await undo(other, payment.orderId, ticket.token)).statusCode).toBe(404);
    // The token of another order.
    const wrong = await undo(vendor, second.orderId, ticket.token);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe('This undo is not for this order');
    // A forged token.
    const [body] = ticket.token.split('.');
    expect((await undo(vendor, payment.orderId, `${body}.forged`)).json().error.message).toBe(
      'This undo is not for this order',
    );
    // Too late: a token whose time has passed.
    const step = { from: 'pending', to: 'ready', captured: false } as const;
    const old = undoOf(t.app.secrets.jwtSecret, vendor.id, payment.orderId, step, new Date(Date.now() - 60_000));
    const late = await undo(vendor, payment.orderId, old?.token ?? '');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/^Too late to undo: a step can be taken back for 10 seconds/);
    expect((await vendorPart(t, vendor, payment.orderId)).status).toBe('ready');
  });

  it('a cancellation answers no undo; a last step withdraws its payout held back, unless it was sent', async () => {
    const vendor = await shopWith(t);
    const { payment } = await orderInSlot(t, vendor);
    const cancelled = (await orderInSlot(t, vendor)).payment;
    expect((await moveOrder(t, vendor, cancelled.orderId, 'cancelled')).json().undo).toBeNull();

    await moveOrder(t, vendor, payment.orderId, 'ready');
    const pickedUp = (await moveOrder(t, vendor, payment.orderId, 'delivered')).json() as { undo: StepUndo };
    const transferOf = () => t.db.select().from(transfers).where(eq(transfers.orderId, payment.orderId));
    expect(await transferOf()).toHaveLength(1);
    const undone = await undo(vendor, payment.orderId, pickedUp.undo.token);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().order.status).toBe('ready');
    expect(await transferOf()).toEqual([]);

    // Picked up again; this time its payout went out before the undo came.
    const again = (await moveOrder(t, vendor, payment.orderId, 'delivered')).json() as { undo: StepUndo };
    await t.db
      .update(transfers)
      .set({ status: 'succeeded', attempts: 1, succeededAt: new Date() })
      .where(eq(transfers.orderId, payment.orderId));
    const refused = await undo(vendor, payment.orderId, again.undo.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Your payout for this order was sent: it stays picked up');
    expect((await vendorPart(t, vendor, payment.orderId)).status).toBe('delivered');
  });
});
