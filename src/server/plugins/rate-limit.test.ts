import { describe, expect, it } from 'vitest';
import { TOO_MANY_SIGN_IN_FAILURES } from '#contract/auth.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { setupTestApp, type TestContext } from '../test/app.ts';
import { createUser } from '../test/users.ts';
import { addressKey } from './rate-limit.ts';

type App = TestContext['app'];

/** A cheap write: signing out without a session answers 204. */
const write = (app: App, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/logout', headers });

const signIn = (app: App, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password }, headers });

/** Another server process on the same database: its own app and memory. */
async function secondInstance(t: TestContext, env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db: t.db, logger: false, secrets: t.app.secrets });
  await app.ready();
  return app;
}

function expectRateLimited(response: Awaited<ReturnType<App['inject']>>) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(response.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
  return retryAfter;
}

describe('write rate limit (RATE_LIMIT_WRITES_PER_MINUTE=60)', () => {
  const t = setupTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '60' });

  it('lets 60 writes of one address through and answers the 61st with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await write(t.app)).statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    const retryAfter = expectRateLimited(await write(t.app));
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Reads are not limited, and a different address still writes.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(204);
  });

  it('does not let X-Forwarded-For pick a fresh address when TRUST_PROXY is off', async () => {
    const spoofed = await write(t.app, { 'x-forwarded-for': '203.0.113.77' });
    expectRateLimited(spoofed);
  });

  it('never drops a provider webhook for its address: its signature guards it, not a count', async () => {
    // This address is over its write limit; the sandbox server has no Stripe webhook, so it answers 404.
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: {} });
    expect(webhook.statusCode).toBe(404);
  });
});

describe('two server processes on one database', () => {
  const t = setupTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '60' });

  it('share one write count', async () => {
    const other = await secondInstance(t, { RATE_LIMIT_WRITES_PER_MINUTE: '60' });
    try {
      for (let i = 0; i < 30; i++) {
        expect((await write(t.app)).statusCode).toBe(204);
        expect((await write(other)).statusCode).toBe(204);
      }
      expectRateLimited(await write(other));
      expectRateLimited(await write(t.app));
    } finally {
      await other.close();
    }
  });

  it('share one sign-in lockout (each guess from its own address)', async () => {
    const other = await secondInstance(t);
    try {
      const user = await createUser(t);
      const guess = (app: App, i: number, password = `Wrong#${i}aa`) =>
        app.inject({
          method: 'POST',
          url: '/api/jwt',
          payload: { email: user.email, password },
          remoteAddress: `10.3.0.${i}`,
        });
      for (let i = 0; i < 10; i += 2) {
        expect((await guess(t.app, i)).statusCode).toBe(401);
        expect((await guess(other, i + 1)).statusCode).toBe(401);
      }
      expectRateLimited(await guess(other, 20, user.password));
      expectRateLimited(await guess(t.app, 21, user.password));
    } finally {
      await other.close();
    }
  });
});

describe('sign-in lockout', () => {
  const t = setupTestApp();

  it('is not bypassed by a different X-Forwarded-For per attempt, and refuses the right password while locked', async () => {
    const user = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const forwarded = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await signIn(t.app, user.email, `Wrong#${i}aa`, forwarded)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));

    const right = await signIn(t.app, user.email, user.password, { 'x-forwarded-for': '192.0.2.200' });
    const retryAfter = expectRateLimited(right);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(right.json().error.message).toBe(TOO_MANY_SIGN_IN_FAILURES);
    expect(right.cookies).toEqual([]);
  });

  it('locks the account from every address, not only the guessing one', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const guess = await signIn(t.app, user.email, `Wrong#${i}aa`, {}).then((r) => r.statusCode);
      expect(guess).toBe(401);
    }
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.1.2.3',
    });
    expectRateLimited(fromElsewhere);
  });

  it('counts concurrent guesses before checking them: a burst of 40 gets at most 10 verdicts', async () => {
    const user = await createUser(t);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/jwt',
          payload: { email: user.email, password: `Wrong#${i}cc` },
          remoteAddress: `10.9.0.${i + 1}`,
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
  });

  it('locks one address that tries many accounts, while a success does not count against it', async () => {
    const address = { remoteAddress: '10.77.0.1' };
    const owner = await createUser(t);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: owner.email, password: owner.password },
      ...address,
    });
    expect(ok.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/jwt',
        payload: { email: `sprayed-${i}@example.com`, password: 'Wrong#1aa' },
        ...address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(401));
    expect(statuses[100]).toBe(429);
    // The address is locked, even for a right password; other addresses sign in.
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: owner.email, password: owner.password },
      ...address,
    });
    expectRateLimited(locked);
    expect((await signIn(t.app, owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const t = setupTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' });

  it('counts the address a trusted proxy forwards', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 3; i++) expect((await write(t.app, from('198.51.100.1'))).statusCode).toBe(204);
    expectRateLimited(await write(t.app, from('198.51.100.1')));
    expect((await write(t.app, from('198.51.100.2'))).statusCode).toBe(204);
    // A request that does not come through the trusted proxy is counted by its own address, whatever it claims.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: from('198.51.100.1'),
      remoteAddress: '10.0.0.5',
    });
    expect(direct.statusCode).toBe(204);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it gains nothing', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress });
    for (const host of ['1', 'ffff', 'abcd:1:2']) expect((await from(`2001:db8:1:2::${host}`)).statusCode).toBe(204);
    expectRateLimited(await from('2001:db8:1:2:9999::5'));
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(204);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  const t = setupTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '2', TRUST_PROXY: '1' });

  it('counts the address the one proxy appended, not what the client wrote before it', async () => {
    const via = (forwarded: string) => write(t.app, { 'x-forwarded-for': forwarded });
    expect((await via('203.0.113.1, 198.51.100.9')).statusCode).toBe(204);
    expect((await via('203.0.113.2, 198.51.100.9')).statusCode).toBe(204);
    expectRateLimited(await via('203.0.113.3, 198.51.100.9'));
    expect((await via('198.51.100.10')).statusCode).toBe(204);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
