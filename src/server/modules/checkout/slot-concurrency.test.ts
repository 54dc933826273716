import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/users.ts';
import { customerPayments } from '../orders/tables.ts';
import { sandboxPaymentIntents } from '../payments/tables.ts';
import { decodeSlotId } from '../slots/index.ts';
import { slotBookings } from '../slots/tables.ts';
import { choose, nextFridayNoon, openSlot, setupClockedApp, shopWith, slotsOf } from './fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart } from './test-fixtures.ts';

const t = setupClockedApp(() => nextFridayNoon());

describe('the last places of a slot', () => {
  it('30 buyers paying at once for a pickup slot of capacity 10: 10 orders, 20 refunded SLOT_FULL answers', async () => {
    const vendor = await shopWith(t, {
      timeZone: 'America/Los_Angeles',
      pickupPoints: [
        {
          name: 'Barn door',
          address: '418 Orchard Road, Hood River',
          windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', capacity: 10 }],
        },
      ],
    });
    const slot = await openSlot(t, vendor.id);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    // Each buyer has a product of their own (so only the slot is shared), chose the slot and paid before anyone confirms.
    const paid = [];
    for (const buyer of buyers) {
      const product = await createProduct(t, vendor, { priceCents: 800, stock: 5 });
      await addToCart(t, buyer, product.id, 1);
      const chosen = await choose(t, buyer, vendor.id, { slotId: slot.id, note: null });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const { intent } = await payCart(t, buyer);
      paid.push({ buyer, intentId: intent.paymentIntentId });
    }

    const answers = await Promise.all(paid.map(({ buyer, intentId }) => confirmOrder(t, buyer, intentId)));

    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.json().error.code).toBe('SLOT_FULL');
      expect(answer.json().error.message).toMatch(/is full: please choose another time\. Your payment was refunded/);
    }
    const [{ payments }] = await t.db.select({ payments: count() }).from(customerPayments);
    expect(payments).toBe(10);
    const { windowId, date } = decodeSlotId(slot.id) ?? { windowId: '', date: '' };
    const [{ booked }] = await t.db
      .select({ booked: count() })
      .from(slotBookings)
      .where(and(eq(slotBookings.windowId, windowId), eq(slotBookings.date, date), isNull(slotBookings.cancelledAt)));
    expect(booked).toBe(10);
    const [{ refunds }] = await t.db
      .select({ refunds: count() })
      .from(sandboxPaymentIntents)
      .where(isNotNull(sandboxPaymentIntents.refundedAt));
    expect(refunds).toBe(20);
    const after = (await slotsOf(t, vendor.id)).find((s) => s.id === slot.id);
    expect(after).toMatchObject({ remaining: 0, status: 'full' });
  });
});
