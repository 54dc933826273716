import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { users } from '../users/tables.ts';

const PUBLIC_URL = 'http://shop.test';
let oidc: OAuth2Server;

/** What the local OIDC server says about the user signing in next. */
let nextIdentity: Record<string, unknown> = {};

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, nextIdentity));
});
afterAll(() => oidc.stop());
const t = setupTestApp(() => ({
  PUBLIC_URL,
  GOOGLE_ISSUER: oidc.issuer.url ?? '',
  GOOGLE_CLIENT_ID: 'farmstall-test',
  GOOGLE_CLIENT_SECRET: 'test-secret',
}));

/** Runs the popup the way a browser would: start → provider → callback, carrying the cookies along. */
async function googleSignIn(identity: Record<string, unknown>) {
  nextIdentity = identity;
  const start = await t.app.inject({ url: '/api/auth/google/start' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(new URL(oidc.issuer.url ?? '').origin);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
  const flowCookie = start.cookies.find((c) => c.name === 'farmstall_google_flow');
  expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  const provider = await fetch(authorize, { redirect: 'manual' });
  expect(provider.status).toBe(302);
  const back = new URL(String(provider.headers.get('location')));
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/api/auth/google/callback`);

  const callback = await t.app.inject({
    url: back.pathname + back.search,
    cookies: { farmstall_google_flow: flowCookie?.value ?? '' },
  });
  return callback;
}

async function tokenFrom(callback: Awaited<ReturnType<typeof googleSignIn>>) {
  const refresh = callback.cookies.find((c) => c.name === 'farmstall_refresh');
  expect(refresh).toBeDefined();
  const renewed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { farmstall_refresh: refresh?.value ?? '' },
  });
  expect(renewed.statusCode).toBe(200);
  return renewed.json().token as string;
}

describe('Google sign-in (OpenID Connect code + PKCE against a local OIDC server)', () => {
  it('is offered', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ google: true });
  });

  it('creates a customer on the first sign-in and finds it again on the next', async () => {
    const identity = {
      sub: 'google-123',
      email: 'Grace.Google@Example.com',
      email_verified: true,
      name: 'Grace Google',
    };
    const callback = await googleSignIn(identity);
    expect(callback.statusCode).toBe(200);
    expect(callback.body).toContain('data-result="ok"');
    expect(callback.body).not.toContain('eyJ');
    const token = await tokenFrom(callback);
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({
      email: 'grace.google@example.com',
      displayName: 'Grace Google',
      roll: 'customer',
    });

    const again = await googleSignIn(identity);
    expect(again.body).toContain('data-result="ok"');
    const rows = await t.db.select().from(users).where(eq(users.email, 'grace.google@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ googleSubject: 'google-123', passwordHash: null });
  });

  it('links an existing account with the same verified e-mail, keeping its role', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const callback = await googleSignIn({ sub: 'google-vendor', email: vendor.email, email_verified: true, name: 'V' });
    const token = await tokenFrom(callback);
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ id: vendor.id, roll: 'vendor' });
  });

  it('does not take over an account when the provider has not verified the e-mail', async () => {
    const customer = await createUser(t);
    const callback = await googleSignIn({ sub: 'google-unverified', email: customer.email, email_verified: false });
    expect(callback.body).toContain('data-result="error"');
    expect(callback.body).toContain('Sign in with your password');
    expect(callback.cookies.find((c) => c.name === 'farmstall_refresh' && c.value)).toBeUndefined();
  });

  it('counts the e-mail verified when Google says so, and not otherwise (decision 048)', async () => {
    const meOf = async (identity: Record<string, unknown>) => {
      const token = await tokenFrom(await googleSignIn(identity));
      return (await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).json();
    };
    const unverified = { sub: 'google-unproven', email: 'unproven@example.com', email_verified: false, name: 'U' };
    expect(await meOf(unverified)).toMatchObject({ email: 'unproven@example.com', emailVerified: false });
    // Google verifies it later: the next sign-in marks the account's address verified.
    expect(await meOf({ ...unverified, email_verified: true })).toMatchObject({ emailVerified: true });
    expect(
      await meOf({ sub: 'google-proven', email: 'proven@example.com', email_verified: true, name: 'P' }),
    ).toMatchObject({ emailVerified: true });
    // An unverified password account linked by a Google sign-in with the same verified e-mail becomes verified.
    const fresh = await createUser(t, { verified: false });
    expect(await meOf({ sub: 'google-fresh', email: fresh.email, email_verified: true, name: 'F' })).toMatchObject({
      id: fresh.id,
      emailVerified: true,
    });
  });

  it('refuses a callback without the flow cookie (forged or expired)', async () => {
    nextIdentity = { sub: 'google-x', email: 'x@example.com', email_verified: true };
    const start = await t.app.inject({ url: '/api/auth/google/start' });
    const provider = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(String(provider.headers.get('location')));
    const callback = await t.app.inject({ url: back.pathname + back.search });
    expect(callback.body).toContain('data-result="error"');
    expect(callback.body).toContain('took too long');
  });

  it('reports a cancelled sign-in', async () => {
    const callback = await t.app.inject({ url: '/api/auth/google/callback?error=access_denied&state=x' });
    expect(callback.body).toContain('Google sign-in was cancelled.');
  });
});

describe('Google settings', () => {
  it('need the client id and secret together, and default to Google as the issuer', async () => {
    const { ConfigError, loadConfig } = await import('../../config.ts');
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id-only' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'secret-only' })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
  });
});
