import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_NOTES } from '#contract/orders.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, checkoutDetails, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';

let t: TestContext;
let shopper: TestUser;
let payment: { _id: string; transactionId: string };
beforeAll(async () => {
  t = await createTestApp();
  const vendor = await createUser(t, { roll: 'vendor' });
  shopper = await createUser(t);
  const product = await createProduct(t, vendor, { name: 'Goat cheese', priceCents: 1250, stock: 10 });
  await addToCart(t, shopper, product.id, 2);
  const { intent } = await payCart(t, shopper);
  payment = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.auth });

describe('invoice', () => {
  it('has everything the spec lists', async () => {
    const response = await get(`/api/invoice/${payment._id}`, shopper);
    expect(response.statusCode).toBe(200);
    const invoice = response.json();
    expect(invoice).toMatchObject({
      invoiceNumber: payment.transactionId,
      company: { name: 'Farmstall' },
      billTo: {
        name: checkoutDetails.name,
        address: checkoutDetails.address,
        phone: checkoutDetails.phoneNumber,
        email: shopper.email,
      },
      payment: { method: 'Visa •••• 4242', status: 'pending' },
      items: [{ name: 'Goat cheese', unitPrice: 12.5, quantity: 2, totalAmount: 25 }],
      grandTotal: 25,
      notes: [...INVOICE_NOTES],
    });
    expect(Date.parse(invoice.date)).not.toBeNaN();
  });

  it('downloads as a real PDF', async () => {
    const response = await get(`/api/invoice/${payment._id}/pdf`, shopper);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`farmstall-invoice-${payment.transactionId}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });

  it('is for its buyer and admins only', async () => {
    const admin = await createUser(t, { roll: 'admin' });
    const other = await createUser(t);
    expect((await get(`/api/invoice/${payment._id}`)).statusCode).toBe(401);
    expect((await get(`/api/invoice/${payment._id}/pdf`)).statusCode).toBe(401);
    expect((await get(`/api/invoice/${payment._id}`, other)).statusCode).toBe(403);
    expect((await get(`/api/invoice/${payment._id}/pdf`, other)).statusCode).toBe(403);
    expect((await get(`/api/invoice/${payment._id}`, admin)).statusCode).toBe(200);
    expect((await get('/api/invoice/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await get('/api/invoice/not-an-id', admin)).statusCode).toBe(400);
  });
});
