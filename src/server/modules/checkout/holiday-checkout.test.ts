import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/users.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import {
  choose,
  MARKET,
  nextFridayNoon,
  openSlot,
  planOf,
  setupClockedApp,
  shopWith,
  slotsOf,
} from './fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart, startPayment } from './test-fixtures.ts';

/**
 * A holiday (issue 33, item 2; decision 064) as shoppers meet it: checkout refuses its slots, the shoppers already
 * booked are told once, and the shop page's next pickup time is the first after it.
 */
let clock = nextFridayNoon();
const t = setupClockedApp(() => clock);
beforeEach(() => {
  clock = nextFridayNoon();
});

async function buyerOf(vendor: TestUser) {
  const buyer = await createUser(t);
  const product = await createProduct(t, vendor, { priceCents: 3000, stock: 20 });
  await addToCart(t, buyer, product.id, 1);
  return buyer;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('a holiday', () => {
  it('closes its slots to checkout, tells who had booked once, and moves the shop page’s next time past it', async () => {
    const vendor = await shopWith(t, { ...MARKET, horizonDays: 21 });
    const slot = await openSlot(t, vendor.id);
    const saturday = slot.start.slice(0, 10);

    // One shopper has paid for the Saturday, another has only chosen it.
    const booked = await buyerOf(vendor);
    expect((await choose(t, booked, vendor.id, { slotId: slot.id })).statusCode).toBe(200);
    const { intent } = await payCart(t, booked);
    expect((await confirmOrder(t, booked, intent.paymentIntentId)).statusCode).toBe(201);
    const chooser = await buyerOf(vendor);
    expect((await choose(t, chooser, vendor.id, { slotId: slot.id })).statusCode).toBe(200);

    const close = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/shops/${vendor.id}/fulfilment/closures`,
        headers: vendor.auth,
        payload,
      });
    const made = await close({ from: addDays(saturday, -3), to: addDays(saturday, 1), reason: 'Harvest week' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ allWindows: true, booked: 1, days: [addDays(saturday, -3), saturday] });
    const told = async () =>
      (await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, booked.id))).filter(
        (row) => row.kind === 'slot_cancelled' && row.channel === 'in_app',
      );
    expect(await told()).toHaveLength(1);
    // An overlapping holiday tells no one again.
    expect((await close({ from: saturday, to: addDays(saturday, 4) })).statusCode).toBe(201);
    expect(await told()).toHaveLength(1);

    expect((await slotsOf(t, vendor.id)).find((s) => s.id === slot.id)?.status).toBe('cancelled');
    const plan = await planOf(t, chooser);
    expect(plan.ready).toBe(false);
    expect(plan.shops[0].problem?.code).toBe('SLOT_CLOSED');
    const refused = await choose(t, chooser, vendor.id, { slotId: slot.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/cancelled/);
    const started = await startPayment(t, chooser, { price: 0 });
    expect(started.json().error.code).toBe('SLOT_CLOSED');

    const page = await t.app.inject({ url: `/api/singleShop/${vendor.id}` });
    expect(page.statusCode, page.body).toBe(200);
    const next = page.json().handover.pickupPoints[0].next;
    expect(next.start.slice(0, 10)).toBe(addDays(saturday, 7));
  });
});
