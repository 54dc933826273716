import { describe, expect, it } from 'vitest';
import type { VendorOrder } from '#contract/fulfilment.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { addToCart, checkoutDetails, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';

const t = setupTestApp();
const farm = setupUser(t, { role: 'vendor', name: 'Farm' }); // sells in the order
const dairy = setupUser(t, { role: 'vendor', name: 'Dairy' }); // sells in the order too
const bakery = setupUser(t, { role: 'vendor', name: 'Bakery' }); // another vendor, not in the order
const stranger = setupUser(t, { name: 'Stranger' }); // another customer

const NOTE = 'Leave it at the back door, the bell is broken';

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });

/** The shopper buys from the farm and the dairy, with the note sent when checkout starts (as the payment page does). */
async function orderWithNote(shopper: TestUser, note: string | undefined) {
  await addToCart(t, shopper, (await createProduct(t, farm, { name: 'Carrots' })).id, 2);
  await addToCart(t, shopper, (await createProduct(t, dairy, { name: 'Butter' })).id, 1);
  const { intent } = await payCart(t, shopper, { details: { ...checkoutDetails, note } as typeof checkoutDetails });
  const confirmed = await confirmOrder(t, shopper, intent.paymentIntentId);
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  return confirmed.json() as { _id: string; orderId: string; note: string | null };
}

const vendorOrders = async (vendor: TestUser) => {
  const response = await get(vendor, '/api/vendor/orders?limit=100');
  expect(response.statusCode).toBe(200);
  return { body: response.body, items: (response.json() as { items: VendorOrder[] }).items };
};

describe('the note for the shop', () => {
  it('reaches the order’s vendors and its buyer, and nobody else, with the delivery details', async () => {
    const shopper = await createUser(t);
    const payment = await orderWithNote(shopper, `  ${NOTE}  `);
    expect(payment.note).toBe(NOTE);

    // Each vendor of the order reads the note and where to deliver, beside only its own lines.
    for (const [vendor, item] of [
      [farm, 'Carrots'],
      [dairy, 'Butter'],
    ] as const) {
      const order = (await vendorOrders(vendor)).items.find((o) => o._id === payment.orderId);
      expect(order).toMatchObject({
        note: NOTE,
        deliverTo: {
          kind: 'delivery',
          name: checkoutDetails.name,
          phone: checkoutDetails.phoneNumber,
          address: checkoutDetails.address,
        },
      });
      expect(order?.lines.map((line) => line.itemName)).toEqual([item]);
    }

    // The buyer reads it on the invoice.
    const invoice = await get(shopper, `/api/invoice/${payment._id}`);
    expect(invoice.json()).toMatchObject({ note: NOTE, billTo: { address: checkoutDetails.address } });

    // Another vendor does not even see the order; another customer and the order's own vendors get no invoice,
    // history or tracking of it.
    const other = await vendorOrders(bakery);
    expect(other.items.map((o) => o._id)).not.toContain(payment.orderId);
    const refused = [
      await get(bakery, `/api/invoice/${payment._id}`),
      await get(farm, `/api/invoice/${payment._id}`),
      await get(stranger, `/api/invoice/${payment._id}`),
      await get(stranger, `/api/invoice/${payment._id}/pdf`),
      await get(stranger, `/api/customerPayments/${encodeURIComponent(shopper.email)}`),
      await get(stranger, `/api/orders/${payment.orderId}/tracking`),
      await get(stranger, '/api/vendor/orders'),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 404, 403]);
    for (const response of [other, ...refused]) {
      expect(response.body).not.toContain(NOTE);
      expect(response.body).not.toContain(checkoutDetails.address);
      expect(response.body).not.toContain(checkoutDetails.phoneNumber);
    }
  });

  it('may come with the confirmation instead; once the order is made, a later one changes nothing', async () => {
    const shopper = await createUser(t);
    await addToCart(t, shopper, (await createProduct(t, farm)).id);
    const { intent } = await payCart(t, shopper, { details: checkoutDetails });
    const confirm = (note: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customerPayments',
        headers: shopper.auth,
        payload: { paymentIntentId: intent.paymentIntentId, ...checkoutDetails, note },
      });
    const first = await confirm('Ring twice');
    expect(first.statusCode).toBe(201);
    expect(first.json().note).toBe('Ring twice');
    const again = await confirm('Something else');
    expect(again.statusCode).toBe(200);
    expect(again.json().note).toBe('Ring twice');
  });

  it('is optional (blank is none) and at most 500 characters, said plainly', async () => {
    const blank = await orderWithNote(await createUser(t), '   ');
    expect(blank.note).toBeNull();
    const none = await orderWithNote(await createUser(t), undefined);
    expect(none.note).toBeNull();
    expect((await vendorOrders(farm)).items.find((o) => o._id === none.orderId)?.note).toBeNull();

    const shopper = await createUser(t);
    await addToCart(t, shopper, (await createProduct(t, farm)).id);
    const longest = await t.app.inject({
      method: 'POST',
      url: '/api/customer-payment',
      headers: shopper.auth,
      payload: { ...checkoutDetails, note: 'n'.repeat(500) },
    });
    expect(longest.statusCode).toBe(201);
    for (const url of ['/api/customer-payment', '/api/customerPayments']) {
      const tooLong = await t.app.inject({
        method: 'POST',
        url,
        headers: shopper.auth,
        payload: { paymentIntentId: 'pi_sb_x', ...checkoutDetails, note: 'n'.repeat(501) },
      });
      expect(tooLong.statusCode, url).toBe(400);
      expect(tooLong.json().error.fields, url).toEqual({ note: 'The note is too long (500 characters at most)' });
    }
  });
});
