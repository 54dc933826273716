import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_VENDOR } from './accounts.ts';
import { demoAccountsPresent, seedDemoCatalog, shouldSeedDemo } from './index.ts';

// With ADMIN_EMAIL set (a real store's own admin) the demo admin is never made (issue 34, item 1).
const t = setupTestApp();
const signIn = (account: { email: string; password: string }) =>
  t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email: account.email, password: account.password } });

describe('the demo seed beside a real admin (ADMIN_EMAIL)', () => {
  it('seeds only with SEED_DEMO=true, and then without the demo admin', async () => {
    const adminEmail = 'owner@farmstall.test';
    expect(await shouldSeedDemo(t.db, undefined, { adminEmail })).toBe(false);
    expect(await shouldSeedDemo(t.db, false, { adminEmail })).toBe(false);
    expect(await shouldSeedDemo(t.db, true, { adminEmail })).toBe(true);
    expect(await shouldSeedDemo(t.db, undefined)).toBe(true); // npm start with no settings: the demo store

    const { accounts } = await seedDemoCatalog(t.db, t.app.storage, { withoutAdmin: true });
    expect(accounts.map((account) => account.role)).toEqual(['vendor', 'customer']);
    expect((await signIn(DEMO_ADMIN)).statusCode).toBe(401);
    expect((await signIn(DEMO_VENDOR)).statusCode).toBe(200);
    expect((await signIn(DEMO_CUSTOMER)).statusCode).toBe(200);
    const present = await demoAccountsPresent(t.db);
    expect(present).not.toContain(DEMO_ADMIN.email);
    expect(present).toContain(DEMO_CUSTOMER.email);
  }, 120_000);
});
