import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { shops } from '../shops/tables.ts';
import { vendorPayments } from './tables.ts';

const t = setupTestApp();

const start = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/vendor-payment', headers: user.auth, payload: { price: 1 } });
const pay = (
  user: TestUser,
  intent: { paymentIntentId: string; clientSecret: string },
  cardNumber = '4242424242424242',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: user.auth,
    payload: { ...intent, cardNumber, expiry: '10/35', cvc: '321' },
  });
const record = (user: TestUser, transactionId: string, email = user.email) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vendorPayments',
    headers: user.auth,
    payload: { email, price: 1000, shop: 'x', shopId: 'y', transactionId },
  });
const badge = (user: TestUser, email = user.email) =>
  t.app.inject({ method: 'PATCH', url: `/api/vendor/${email}`, headers: user.auth, payload: { badge: 'gold' } });

async function membership(user: TestUser) {
  const [row] = await t.db
    .select({ membership: shops.membership, badge: shops.badge })
    .from(shops)
    .where(eq(shops.vendorId, user.id));
  return row;
}

describe('premium membership', () => {
  it('charges $1000 whatever the client sends, then makes the shop premium with a gold badge', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const started = await start(vendor);
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ amount: 1000, provider: 'sandbox' });
    const intent = started.json();
    expect((await pay(vendor, intent)).statusCode).toBe(200);

    const recorded = await record(vendor, intent.paymentIntentId);
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({
      price: 1000,
      membership: 'premium',
      transactionId: intent.paymentIntentId,
    });
    expect((await record(vendor, intent.paymentIntentId)).json().insertedId).toBe(recorded.json().insertedId);
    const rows = await t.db.select().from(vendorPayments).where(eq(vendorPayments.userId, vendor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ priceCents: 100000, shop: `${vendor.name}'s Farm` });

    expect((await badge(vendor)).json()).toEqual({ modifiedCount: 1 });
    expect(await membership(vendor)).toEqual({ membership: 'premium', badge: 'gold' });
    expect((await badge(vendor)).json()).toEqual({ modifiedCount: 0 });
    expect((await start(vendor)).statusCode).toBe(409);
  });

  it('grants nothing for an unpaid or declined payment', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const intent = (await start(vendor)).json();
    expect((await record(vendor, intent.paymentIntentId)).statusCode).toBe(402);
    const declined = await pay(vendor, intent, '4000000000000002');
    expect(declined.json().error.message).toBe('Your card was declined.');
    expect((await record(vendor, intent.paymentIntentId)).statusCode).toBe(402);
    expect((await badge(vendor)).statusCode).toBe(402);
    expect(await membership(vendor)).toEqual({ membership: 'normal', badge: null });
  });

  it('is for the vendor’s own shop only', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const other = await createUser(t, { role: 'vendor' });
    const customer = await createUser(t);
    const intent = (await start(vendor)).json();
    await pay(vendor, intent);
    expect((await t.app.inject({ method: 'POST', url: '/api/vendor-payment', payload: {} })).statusCode).toBe(401);
    expect((await start(customer)).statusCode).toBe(403);
    expect((await record(other, intent.paymentIntentId)).statusCode).toBe(403);
    expect((await record(other, intent.paymentIntentId, vendor.email)).statusCode).toBe(403);
    expect((await badge(other, vendor.email)).statusCode).toBe(403);
    expect((await badge(customer)).statusCode).toBe(403);
    expect(await membership(vendor)).toEqual({ membership: 'normal', badge: null });
  });
});
