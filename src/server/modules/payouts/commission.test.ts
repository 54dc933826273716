import { describe, expect, it } from 'vitest';
import type { CommissionSettings } from '#contract/payouts.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';

const t = setupTestApp();

const getCommission = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/admin/commission', headers: user.auth });
const putCommission = (user: TestUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/commission', headers: user.auth, payload: payload as object });

/** A shopper buys one product of each vendor and pays; answers the vendors' views of the order's lines. */
async function buyFrom(vendors: TestUser[]) {
  const shopper = await createUser(t);
  for (const vendor of vendors) {
    const product = await createProduct(t, vendor, { priceCents: 1000 });
    await addToCart(t, shopper, product.id, 1);
  }
  const { intent } = await payCart(t, shopper);
  const order = (await confirmOrder(t, shopper, intent.paymentIntentId)).json() as { orderId: string };
  return Promise.all(
    vendors.map(async (vendor) => {
      const page = (await t.app.inject({ method: 'GET', url: '/api/vendor/orders', headers: vendor.auth })).json() as {
        items: { _id: string; lines: { commissionPercent: number }[] }[];
      };
      return page.items.find((item) => item._id === order.orderId)?.lines.map((line) => line.commissionPercent);
    }),
  );
}

describe('commission', () => {
  it('starts at 10% for normal shops, 5% for premium ones and no fee, which only an admin reads or sets', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await createUser(t, { role: 'vendor' });
    const settings = (await getCommission(admin)).json() as CommissionSettings;
    expect(settings.current).toMatchObject({ normalPercent: 10, premiumPercent: 5, orderFee: 0 });
    expect((await getCommission(vendor)).statusCode).toBe(403);
    const refused = await putCommission(vendor, { normalPercent: 0, premiumPercent: 0, orderFee: 0 });
    expect(refused.statusCode).toBe(403);
    expect(((await getCommission(admin)).json() as CommissionSettings).current.normalPercent).toBe(10);
  });

  it('refuses rates that are negative, too high, finer than a hundredth or not numbers, saying which field', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const cases: [object, string, string][] = [
      [{ normalPercent: -1, premiumPercent: 5, orderFee: 0 }, 'normalPercent', 'A commission cannot be negative'],
      [{ normalPercent: 10, premiumPercent: 51, orderFee: 0 }, 'premiumPercent', 'A commission is at most 50%'],
      [{ normalPercent: 10.005, premiumPercent: 5, orderFee: 0 }, 'normalPercent', 'Use at most two decimals'],
      [{ normalPercent: 10, premiumPercent: 5, orderFee: 0.001 }, 'orderFee', 'Use whole cents'],
      [{ normalPercent: 'ten', premiumPercent: 5, orderFee: 0 }, 'normalPercent', 'Enter the normal membership'],
      [{ normalPercent: 10, premiumPercent: 5, orderFee: 1e9 }, 'orderFee', 'The fee is at most $100'],
      [{ normalPercent: 10, premiumPercent: '', orderFee: 0 }, 'premiumPercent', 'Enter the premium membership'],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await putCommission(admin, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(field);
      expect(answer.body).toContain(message);
    }
    expect(((await getCommission(admin)).json() as CommissionSettings).history).toEqual([]);
  });

  it('records on each line the rate of its shop’s membership when the order was placed, and keeps it after a change', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const normal = await createUser(t, { role: 'vendor' });
    const premium = await createUser(t, { role: 'vendor', membership: 'premium' });
    const before = await buyFrom([normal, premium]);
    expect(before).toEqual([[10], [5]]);

    const changed = await putCommission(admin, { normalPercent: 12.5, premiumPercent: 4, orderFee: 0.3 });
    expect(changed.statusCode).toBe(200);
    const settings = changed.json() as CommissionSettings;
    expect(settings.current).toMatchObject({ normalPercent: 12.5, premiumPercent: 4, orderFee: 0.3 });
    expect(settings.history[0]).toMatchObject({ normalPercent: 10, premiumPercent: 5, orderFee: 0 });

    expect(await buyFrom([normal, premium])).toEqual([[12.5], [4]]);
    // The order placed before the change still says what it was sold under.
    const page = (await t.app.inject({ method: 'GET', url: '/api/vendor/orders', headers: normal.auth })).json() as {
      items: { lines: { commissionPercent: number }[] }[];
    };
    expect(page.items.map((item) => item.lines[0].commissionPercent)).toEqual([12.5, 10]);
  });
});
