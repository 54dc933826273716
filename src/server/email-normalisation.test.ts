import { describe, expect, it } from 'vitest';
import { setupTestApp } from './test/app.ts';
import { createUser, setupUser } from './test/users.ts';

/** Every route that names a user by e-mail takes it in any case and spacing: one normalisation, everywhere. */
const t = setupTestApp();
const customer = setupUser(t);
const vendor = setupUser(t, { role: 'vendor' });

const shouted = (email: string) => encodeURIComponent(` ${email.toUpperCase()} `);

describe('e-mail addresses in requests', () => {
  it.each([
    ["the customer's cart", () => `/api/carts?email=${shouted(customer.email)}`, () => customer],
    ["the customer's payment history", () => `/api/customerPayments/${shouted(customer.email)}`, () => customer],
    ["the vendor's own products", () => `/api/products/vendor?email=${shouted(vendor.email)}`, () => vendor],
    ["the user's own account", () => `/api/users/info?email=${shouted(customer.email)}`, () => customer],
  ])('name the caller for %s', async (_, url, who) => {
    const response = await t.app.inject({ url: url(), headers: who().auth });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('are kept normalised in a contact message', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ada',
        email: '  Ada@Example.COM ',
        phone: '+1 555 000 1111',
        subject: 'Hello',
        reviewText: 'A question about the farm',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const admin = await createUser(t, { role: 'admin' });
    const list = await t.app.inject({ url: '/api/contact', headers: admin.auth });
    expect(list.json().items.map((m: { email: string }) => m.email)).toEqual(['ada@example.com']);
  });
});
