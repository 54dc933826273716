import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.ts';
import { addToCart, createProduct, payCart } from './modules/checkout/test-fixtures.ts';
import { setupTestApp, type TestContext } from './test/app.ts';
import { createUser } from './test/users.ts';

const PASSWORD = 'Quiet#Pass7';
const ADDRESS = '77 Hushed Meadow Road, Lowtown';
const FAILING_ADDRESS = '78 Failing Lane, Lowtown';

const t = setupTestApp();
let app: App;
/** The test context with the logging app in it, for the fixtures. */
let logged: TestContext;
const lines: string[] = [];

beforeAll(async () => {
  app = await buildApp({
    config: t.config,
    db: t.db,
    secrets: t.app.secrets,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
  logged = { ...t, app };
  // Queries that fail the way a real fault would, with the secret values in their parameters and in
  // PostgreSQL's DETAIL (as a unique violation's "Key (email)=(…)" is).
  await t.db.execute(sql`
    CREATE FUNCTION fail_loudly() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'forced failure on %', TG_TABLE_NAME USING DETAIL = row_to_json(NEW)::text;
    END $$`);
  await t.db.execute(sql`
    CREATE TRIGGER users_fail BEFORE INSERT OR UPDATE ON users FOR EACH ROW
    WHEN (NEW.name = 'Fail Me') EXECUTE FUNCTION fail_loudly()`);
  await t.db.execute(sql`
    CREATE TRIGGER shops_fail BEFORE INSERT OR UPDATE ON shops FOR EACH ROW
    WHEN (NEW.address = ${sql.raw(`'${FAILING_ADDRESS}'`)}) EXECUTE FUNCTION fail_loudly()`);
});
afterAll(() => app.close());

const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('what the log keeps', () => {
  it('logs sign-ups, failed sign-ins, a checkout and failing queries without a secret', async () => {
    // Sign-ups: one that works, one whose INSERT fails (its parameters hold the e-mail and the argon2 hash).
    const email = `hushed-${Date.now()}@example.com`;
    const signUp = (name: string, address: string) =>
      app.inject({ method: 'POST', url: '/api/users', payload: { name, email: address, password: PASSWORD } });
    expect((await signUp('Hushed Person', email)).statusCode).toBe(201);
    expect((await signUp('Fail Me', `fail-${email}`)).statusCode).toBe(500);

    // Failed sign-ins up to the lockout, then the right password.
    for (let i = 0; i < 11; i++) {
      await app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password: `${PASSWORD}x${i}` } });
    }
    const other = await createUser(t);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: other.email, password: other.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const token: string = signedIn.json().token;
    const refreshCookie = signedIn.cookies.find((c) => c.name === 'farmstall_refresh')?.value ?? '';
    expect(refreshCookie).not.toBe('');
    const bearer = { authorization: `Bearer ${token}` };

    // A checkout: the payment intent's client secret and the delivery address.
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await createProduct(t, vendor, { priceCents: 700, stock: 5 });
    await addToCart(logged, other, product.id, 1);
    const { intent, paid } = await payCart(logged, other);
    expect(paid.statusCode).toBe(200);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/customerPayments',
      headers: bearer,
      payload: {
        paymentIntentId: intent.paymentIntentId,
        name: 'Hush',
        phoneNumber: '+1 555 010 2030',
        address: ADDRESS,
      },
    });
    expect(confirmed.statusCode).toBeLessThan(500);

    // A checkout whose payment-intent INSERT fails: its parameters hold the new client secret.
    await t.db.execute(sql`
      CREATE TRIGGER sandbox_intents_fail BEFORE INSERT ON sandbox_payment_intents
      FOR EACH ROW EXECUTE FUNCTION fail_loudly()`);
    await addToCart(logged, other, product.id, 1);
    const failedCheckout = await app.inject({
      method: 'POST',
      url: '/api/customer-payment',
      headers: bearer,
      payload: { price: 0 },
    });
    expect(failedCheckout.statusCode).toBe(500);

    // A signed-in request whose shop INSERT fails with the address in its parameters.
    const failedShop = await app.inject({
      method: 'PATCH',
      url: `/api/users/email/${other.email}`,
      headers: { ...bearer, cookie: `farmstall_refresh=${refreshCookie}` },
      payload: {
        shop: 'Hush Farm',
        date: '2019-05-01',
        address: FAILING_ADDRESS,
        phone: '+1 555 222 3333',
        image: '/x.webp',
      },
    });
    expect(failedShop.statusCode).toBe(500);

    // A sign-in provider's one-time code in a logged URL.
    await app.inject({ url: '/api/auth/google/callback?code=ONE-TIME-CODE-42&state=STATE-42' });

    // The log did capture the failures, with the SQL text and the database's error code.
    const failures = records().filter((record) => record.msg === 'request failed');
    expect(records().filter((record) => record.msg === 'request completed').length).toBeGreaterThan(20);
    const queries = failures.map((record) => (record.err as { query?: string }).query ?? '');
    expect(queries).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^insert into "users"/),
        expect.stringMatching(/^insert into "sandbox_payment_intents"/),
        expect.stringMatching(/^insert into "shops"/),
      ]),
    );
    // …and nothing secret.
    const log = lines.join('');
    const secrets = {
      argon2: '$argon2',
      password: PASSWORD,
      token,
      bearer: token.split('.')[2],
      refreshCookie,
      clientSecret: intent.clientSecret,
      clientSecretMarker: '_secret_',
      address: ADDRESS,
      failingAddress: FAILING_ADDRESS,
      userEmailInParams: `fail-${email}`,
      oauthCode: 'ONE-TIME-CODE-42',
      oauthState: 'STATE-42',
    };
    expect(log).toContain('/api/auth/google/callback?code=[Redacted]&state=[Redacted]');
    const leaked = Object.entries(secrets).filter(([, value]) => log.includes(value));
    expect(leaked.map(([what]) => what)).toEqual([]);
    // "secret" only as the name of the client_secret column in SQL text.
    expect(log.replaceAll(/\\?"client_secret\\?"/g, '')).not.toMatch(/secret/i);
    // The errors keep the database's code and message, not its DETAIL.
    for (const record of failures) {
      const err = record.err as { message: string; cause?: { code?: string; message?: string } };
      expect(err.message).toMatch(/^Failed query: /);
      expect(err.cause).toMatchObject({ code: 'P0001', message: expect.stringMatching(/^forced failure on /) });
      expect(err.cause).not.toHaveProperty('detail');
      expect(err).not.toHaveProperty('params');
    }
  });
});
