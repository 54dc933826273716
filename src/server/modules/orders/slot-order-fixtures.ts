import { expect } from 'vitest';
import type { CustomerPayment } from '#contract/orders.ts';
import type { Slot } from '#contract/slots.ts';
import type { TestContext } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { choose, openSlot, putAddress } from '../checkout/fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';

/** Inside PORTLAND_DELIVERY's postcodes. */
export const DELIVERY_ADDRESS = { address: '12 SE Belmont St, Portland', postcode: '97214' };

/**
 * A new buyer pays in the sandbox for `units` of a new product of the shop (stock `stock`, `cents` each), booked in
 * `slot` or the shop's first open slot of the kind: the buyer, the product, the slot and the payment record.
 */
export async function orderInSlot(
  t: TestContext,
  vendor: TestUser,
  options: { kind?: Slot['kind']; slot?: Slot; cents?: number; units?: number; stock?: number; note?: string } = {},
) {
  const slot = options.slot ?? (await openSlot(t, vendor.id, options.kind ?? 'pickup'));
  const buyer = await createUser(t);
  const product = await createProduct(t, vendor, { priceCents: options.cents ?? 3000, stock: options.stock ?? 20 });
  await addToCart(t, buyer, product.id, options.units ?? 1);
  if (slot.kind === 'delivery') expect((await putAddress(t, buyer, DELIVERY_ADDRESS)).statusCode).toBe(200);
  const chosen = await choose(t, buyer, vendor.id, { slotId: slot.id, note: options.note ?? null });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const { intent } = await payCart(t, buyer);
  const confirmed = await confirmOrder(t, buyer, intent.paymentIntentId);
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  return { buyer, product, slot, payment: confirmed.json() as CustomerPayment };
}
