import { beforeEach, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '#contract/categories.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';

/** The admin's tax settings (decision 028): a rate per category and whether prices include tax, every change kept. */

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });

const noTax = Object.fromEntries(CATEGORY_VALUES.map((category) => [category, 0]));

async function setTax(admin: TestUser, pricesIncludeTax: boolean, rates: Record<string, number>) {
  const set = await call(admin, 'PUT', '/api/admin/tax', { pricesIncludeTax, rates: { ...noTax, ...rates } });
  expect(set.statusCode, set.body).toBe(200);
  return set.json();
}

let admin: TestUser;
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  await setTax(admin, false, {});
});

describe('the admin’s tax settings', () => {
  it('start at no tax with tax-exclusive prices, and keep every earlier setting', async () => {
    const start = await call(admin, 'GET', '/api/admin/tax');
    expect(start.statusCode).toBe(200);
    expect(start.json().current.pricesIncludeTax).toBe(false);
    expect(start.json().current.rates.every((rate: { percent: number }) => rate.percent === 0)).toBe(true);

    const set = await setTax(admin, true, { vegetable: 7.25, bakery: 0.5 });
    expect(set.current.pricesIncludeTax).toBe(true);
    expect(set.current.rates).toContainEqual({ category: 'vegetable', label: 'Vegetables', percent: 7.25 });
    expect(set.current.rates).toContainEqual({ category: 'bakery', label: 'Bakery', percent: 0.5 });
    expect(set.current.rates).toContainEqual({ category: 'milk', label: 'Milks and Dairies', percent: 0 });
    expect(set.history[0].pricesIncludeTax).toBe(false);
  });

  it('refuses bad rates with a message beside each field, and changes nothing', async () => {
    const before = (await call(admin, 'GET', '/api/admin/tax')).json();
    const refusals: [object, string, string][] = [
      [{ pricesIncludeTax: false, rates: { ...noTax, vegetable: 31 } }, 'rates.vegetable', 'at most 30%'],
      [{ pricesIncludeTax: false, rates: { ...noTax, fruit: -1 } }, 'rates.fruit', 'cannot be negative'],
      [{ pricesIncludeTax: false, rates: { ...noTax, milk: 5.125 } }, 'rates.milk', 'at most two decimals'],
      [{ pricesIncludeTax: false, rates: { ...noTax, bakery: 'lots' } }, 'rates.bakery', 'in percent'],
      [{ pricesIncludeTax: false, rates: { ...noTax, grains: '' } }, 'rates.grains', 'in percent'],
      [{ pricesIncludeTax: 'yes', rates: noTax }, 'pricesIncludeTax', 'include tax'],
      [{ pricesIncludeTax: false }, 'rates', 'every category'],
    ];
    for (const [payload, field, message] of refusals) {
      const refused = await call(admin, 'PUT', '/api/admin/tax', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(refused.json())).toContain(message);
    }
    expect((await call(admin, 'GET', '/api/admin/tax')).json()).toEqual(before);
  });

  it('are the admin’s only', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    expect((await call(null, 'GET', '/api/admin/tax')).statusCode).toBe(401);
    expect((await call(vendor, 'GET', '/api/admin/tax')).statusCode).toBe(403);
    expect((await call(vendor, 'PUT', '/api/admin/tax', { pricesIncludeTax: true, rates: noTax })).statusCode).toBe(
      403,
    );
  });
});
