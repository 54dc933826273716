import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TODAY, businessDayToday, businessToday } from './business-day.ts';
import { insertProduct } from './modules/catalog/test-products.ts';
import { insertOrder, insertProduct as insertSoldProduct } from './modules/orders/order-fixtures.ts';
import { setupTestApp } from './test/app.ts';
import { createUser, setupUser } from './test/users.ts';

/**
 * A business time zone whose day differs from UTC's right now: Kiritimati (UTC+14) is on UTC's tomorrow from
 * 10:00 UTC, Etc/GMT+12 (UTC-12) on UTC's yesterday until 12:00 UTC.
 */
const ZONE = new Date().getUTCHours() >= 12 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
const utcToday = () => new Date().toISOString().slice(0, 10);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const t = setupTestApp({ BUSINESS_TIME_ZONE: ZONE });
const farm = setupUser(t, { role: 'vendor', name: 'Zone Farm' });
let today: string;
beforeAll(async () => {
  today = businessToday(ZONE);
  await insertProduct(t, farm.id, { name: 'Last Day Plums', expiresOn: today });
  await insertProduct(t, farm.id, { name: 'Yesterday Figs', expiresOn: dayBefore(today) });
});

describe('the business day (BUSINESS_TIME_ZONE)', () => {
  it('is another day than UTC in this test, and JavaScript and SQL name the same day', async () => {
    expect(today).not.toBe(utcToday());
    const { rows } = await t.db.execute<{ today: string }>(sql`SELECT ${BUSINESS_TODAY}::text AS today`);
    expect(rows[0].today).toBe(today);
    expect(await businessDayToday(t.db)).toBe(today);
  });

  it('offers a product on its last business day and not the day after, whatever the UTC date', async () => {
    const page = await t.app.inject({ url: '/api/products?limit=100' });
    expect(page.statusCode).toBe(200);
    const names = page.json().items.map((p: { productName: string }) => p.productName);
    expect(names).toContain('Last Day Plums');
    expect(names).not.toContain('Yesterday Figs');

    const own = await t.app.inject({ url: `/api/products/vendor?email=${farm.email}`, headers: farm.auth });
    const expired = Object.fromEntries(
      own.json().map((p: { productName: string; expired: boolean }) => [p.productName, p.expired]),
    );
    expect(expired).toEqual({ 'Last Day Plums': false, 'Yesterday Figs': true });
  });

  it("counts an order of now in the chart's bucket of the business day", async () => {
    const buyer = await createUser(t, { name: 'Zone Buyer' });
    const leeks = await insertSoldProduct(t, farm, { name: 'Leeks', priceCents: 400 });
    await insertOrder(t, buyer, [{ product: leeks, amount: 3 }]);
    const sales = await t.app.inject({ url: '/api/vendor/sales?range=7d', headers: farm.auth });
    expect(sales.statusCode).toBe(200);
    const series = sales.json().series;
    expect(series).toHaveLength(7);
    expect(series.at(-1)).toMatchObject({ date: today, revenue: 12, units: 3, orders: 1 });
  });

  it('keeps a coupon working through the business day it expires on, and not after', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const create = (code: string, expiresOn: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/coupons',
        headers: admin.auth,
        payload: { code, kind: 'percent', value: 10, expiresOn },
      });
    const lastDay = await create('LASTDAY', today);
    expect(lastDay.statusCode).toBe(201);
    expect(lastDay.json()).toMatchObject({ expiresOn: today, state: 'active' });
    // Yesterday of the business zone is in the past, though it may still be today in UTC.
    const past = await create('PAST', dayBefore(today));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ expiresOn: 'The last valid day cannot be in the past' });
    // A coupon whose last day has gone by: one made for today, moved back a day.
    const over = await create('YESTERDAY', today);
    await t.db.execute(sql`UPDATE coupons SET expires_at = expires_at - interval '1 day' WHERE code = 'YESTERDAY'`);
    expect(over.statusCode).toBe(201);
    const listed = await t.app.inject({ url: '/api/coupons?limit=10', headers: admin.auth });
    const rows = listed
      .json()
      .items.map((c: { code: string; expiresOn: string; state: string }) => [c.code, c.expiresOn, c.state]);
    expect(rows).toEqual([
      ['YESTERDAY', dayBefore(today), 'expired'],
      ['LASTDAY', today, 'active'],
    ]);
  });
});
