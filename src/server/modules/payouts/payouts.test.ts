import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_BANK } from '#contract/payouts.ts';
import { retryDueTransfers } from '../../jobs/refund-retries.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { sandboxTransfers, transferReversals, transfers } from '../payments/tables.ts';

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });
const BANK = { accountHolder: 'Green Valley Farm', ...SANDBOX_TEST_BANK };

/** A vendor whose sandbox payout account is verified through the onboarding form. */
async function verifiedVendor() {
  const vendor = await createUser(t, { role: 'vendor' });
  expect((await call(vendor, 'POST', '/api/payouts/account')).statusCode).toBe(200);
  const onboarded = await call(vendor, 'POST', '/api/payouts/sandbox/onboarding', BANK);
  expect(onboarded.json()).toMatchObject({ status: 'verified' });
  return vendor;
}

/** A shopper buys `amount` of a $10 product of each vendor, paid with the sandbox card; answers the order's id. */
async function buy(vendors: TestUser[], amount = 2) {
  const shopper = await createUser(t);
  for (const vendor of vendors) {
    await addToCart(t, shopper, (await createProduct(t, vendor, { priceCents: 1000 })).id, amount);
  }
  const { intent } = await payCart(t, shopper);
  return { shopper, orderId: (await confirmOrder(t, shopper, intent.paymentIntentId)).json().orderId as string };
}

async function deliver(vendor: TestUser, orderId: string) {
  expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
  expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
}

const transferOf = async (orderId: string, shopId: string) =>
  (await t.db.select().from(transfers).where(eq(transfers.orderId, orderId))).find((row) => row.shopId === shopId);
const sentTo = async (transferId: string | null) =>
  (
    await t.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.id, transferId ?? ''))
  )[0];

describe('payout accounts (sandbox)', () => {
  it('connects a shop: none, then pending with the onboarding form, then verified with test bank details', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const other = await createUser(t, { role: 'vendor' });
    expect((await call(vendor, 'GET', '/api/payouts/account')).json()).toEqual({
      provider: 'sandbox',
      status: 'none',
      held: false,
      onboardingUrl: null,
    });
    const connected = await call(vendor, 'POST', '/api/payouts/account');
    expect(connected.json()).toMatchObject({
      status: 'pending',
      onboardingUrl: expect.stringMatching(/\/dashboard\/payouts$/),
    });
    // Connecting again answers the same account.
    expect((await call(vendor, 'POST', '/api/payouts/account')).json()).toMatchObject({ status: 'pending' });

    const refusals: [object, string, string][] = [
      [{ ...BANK, routingNumber: '110000001' }, 'routingNumber', 'its check digit is wrong'],
      [{ ...BANK, routingNumber: '12345' }, 'routingNumber', 'A routing number has 9 digits'],
      [{ ...BANK, accountNumber: '12' }, 'accountNumber', 'An account number has 4 to 17 digits'],
      [{ ...BANK, accountNumber: '000111111116' }, 'accountNumber', 'Use the test account 000123456789'],
      [{ ...BANK, accountHolder: ' ' }, 'accountHolder', 'This field is required'],
    ];
    for (const [payload, field, message] of refusals) {
      const refused = await call(vendor, 'POST', '/api/payouts/sandbox/onboarding', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(refused.json().error.fields)).toContain(field);
      expect(refused.body).toContain(message);
    }
    expect((await call(vendor, 'GET', '/api/payouts/account')).json()).toMatchObject({ status: 'pending' });
    // Another vendor has no account to onboard, and never sees this one.
    expect((await call(other, 'POST', '/api/payouts/sandbox/onboarding', BANK)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/payouts/account')).json()).toMatchObject({ status: 'none' });

    const verified = await call(vendor, 'POST', '/api/payouts/sandbox/onboarding', BANK);
    expect(verified.json()).toEqual({ provider: 'sandbox', status: 'verified', held: false, onboardingUrl: null });
  });
});

describe('transfers (sandbox)', () => {
  it('pays a verified shop its lines less 10% when its part is delivered, once, from the charge', async () => {
    const vendor = await verifiedVendor();
    const { orderId } = await buy([vendor]);
    expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
    expect(await transferOf(orderId, vendor.id)).toBeUndefined();
    expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);

    const transfer = await transferOf(orderId, vendor.id);
    expect(transfer).toMatchObject({ goodsCents: 2000, commissionCents: 200, amountCents: 1800, status: 'succeeded' });
    const remote = await sentTo(transfer?.providerTransferId ?? null);
    expect(remote).toMatchObject({ amountCents: 1800, idempotencyKey: `transfer:${orderId}:${vendor.id}` });
    // The job finds nothing more to send.
    expect((await retryDueTransfers(t.db, createSandboxProvider(t.db))).transfers.due).toBe(0);
  });

  it('keeps a shop’s money waiting until its account is verified, then sends it', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const { orderId } = await buy([vendor], 1);
    await deliver(vendor, orderId);
    expect(await transferOf(orderId, vendor.id)).toMatchObject({ status: 'waiting', amountCents: 900 });

    await call(vendor, 'POST', '/api/payouts/account');
    expect(await transferOf(orderId, vendor.id)).toMatchObject({ status: 'waiting' });
    await call(vendor, 'POST', '/api/payouts/sandbox/onboarding', BANK);
    const sent = await transferOf(orderId, vendor.id);
    expect(sent).toMatchObject({ status: 'succeeded' });
    expect(await sentTo(sent?.providerTransferId ?? null)).toMatchObject({ amountCents: 900 });
  });

  it('holds a disputed shop’s money until the admin releases it; only an admin holds', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await verifiedVendor();
    const hold = (user: TestUser, held: boolean) => call(user, 'PUT', `/api/admin/payouts/${vendor.id}/hold`, { held });
    expect((await hold(vendor, true)).statusCode).toBe(403);
    expect((await hold(admin, true)).json()).toEqual({ shopId: vendor.id, held: true });
    expect((await call(vendor, 'GET', '/api/payouts/account')).json()).toMatchObject({ held: true });

    const { orderId } = await buy([vendor], 1);
    await deliver(vendor, orderId);
    expect(await transferOf(orderId, vendor.id)).toMatchObject({ status: 'waiting' });
    expect((await retryDueTransfers(t.db, createSandboxProvider(t.db))).transfers.due).toBe(0);

    expect((await hold(admin, false)).json()).toEqual({ shopId: vendor.id, held: false });
    expect(await transferOf(orderId, vendor.id)).toMatchObject({ status: 'succeeded', amountCents: 900 });
    const unknown = await call(admin, 'PUT', `/api/admin/payouts/${admin.id}/hold`, { held: true });
    expect(unknown.statusCode).toBe(404);
  });

  it('a refund after the transfer takes the shop’s share back from it and gives back the commission’s share', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await verifiedVendor();
    const { orderId } = await buy([vendor]);
    const refundUrl = `/api/orders/${orderId}/shops/${vendor.id}/refunds`;
    // Not delivered yet: cancel it instead.
    expect((await call(admin, 'POST', refundUrl, { amount: 5 })).statusCode).toBe(409);
    await deliver(vendor, orderId);
    expect((await call(vendor, 'POST', refundUrl, { amount: 5 })).statusCode).toBe(403);

    const refunded = await call(admin, 'POST', refundUrl, { amount: 5 });
    expect(refunded.statusCode).toBe(201);
    // $5 of a $20 part that paid 10%: the shop gives back $4.50, the marketplace its $0.50.
    expect(refunded.json()).toMatchObject({ amount: 5, reversed: 4.5 });
    const transfer = await transferOf(orderId, vendor.id);
    const [reversal] = await t.db
      .select()
      .from(transferReversals)
      .where(eq(transferReversals.transferId, transfer?.id ?? ''));
    expect(reversal).toMatchObject({ amountCents: 450, commissionCents: 50, status: 'succeeded' });
    expect(await sentTo(transfer?.providerTransferId ?? null)).toMatchObject({
      amountCents: 1800,
      amountReversedCents: 450,
    });

    const tooMuch = await call(admin, 'POST', refundUrl, { amount: 15.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('At most $15.00 is left to refund for this part');
    expect((await call(admin, 'POST', refundUrl, { amount: 15 })).json()).toMatchObject({ reversed: 13.5 });
    expect(await sentTo(transfer?.providerTransferId ?? null)).toMatchObject({ amountReversedCents: 1800 });
  });
});
