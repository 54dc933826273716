import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { setupTestApp, type TestContext } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { refreshTokens } from './tables.ts';

const t = setupTestApp();

type Injected = Awaited<ReturnType<TestContext['app']['inject']>>;

/** The refresh cookie a response sets, as the browser would store it. */
function refreshCookie(response: Injected) {
  const cookie = response.cookies.find((c) => c.name === 'farmstall_refresh');
  if (!cookie) throw new Error('no refresh cookie was set');
  return cookie;
}

async function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password } });
}

/** Moves the user's spent refresh tokens' spending back, as if it happened that long ago. */
async function spentMinutesAgo(userId: string, minutes: number) {
  await t.db
    .update(refreshTokens)
    .set({ revokedAt: new Date(Date.now() - minutes * 60_000) })
    .where(and(eq(refreshTokens.userId, userId), isNotNull(refreshTokens.revokedAt)));
}

const refresh = (value: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { farmstall_refresh: value } });

describe('POST /api/jwt', () => {
  it('exchanges a correct password for a working token and an httpOnly SameSite=Strict refresh cookie', async () => {
    const user = await createUser(t, { role: 'vendor' });
    const response = await signIn(user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(Object.keys(response.json())).toEqual(['token']);
    const cookie = refreshCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie.maxAge).toBeGreaterThan(24 * 60 * 60);
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ email: user.email, roll: 'vendor' });
    const [stored] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(stored.tokenHash).not.toBe(cookie.value);
  });

  it('gives one generic message for a wrong password and for an unknown e-mail', async () => {
    const user = await createUser(t);
    const wrong = await signIn(user.email, 'Wrong#123');
    const unknown = await signIn('nobody-here@example.com', 'Wrong#123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('The e-mail or password is not correct.');
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
    expect(wrong.cookies).toEqual([]);
  });

  it('requires e-mail and password and never takes a bare e-mail', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email: user.email } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: 'This field is required' });
  });

  it('rate limits repeated failures per address and e-mail with a clear 429, and other accounts still work', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 10; i++) expect((await signIn(user.email, `Wrong#${i}aa`)).statusCode).toBe(401);
    const blocked = await signIn(user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
  });

  it('refuses a deleted (disabled) account', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t);
    await t.app.inject({ method: 'DELETE', url: `/api/users/customer/${user.email}`, headers: admin.auth });
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token: the new one works, the spent one does not', async () => {
    const user = await createUser(t);
    const first = refreshCookie(await signIn(user.email, user.password)).value;
    const renewed = await refresh(first);
    expect(renewed.statusCode).toBe(200);
    const second = refreshCookie(renewed).value;
    expect(second).not.toBe(first);
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${renewed.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    const third = await refresh(second);
    expect(third.statusCode).toBe(200);
  });

  it('keeps a device signed in when two tabs renew at once or a reload cut the renewal’s answer off', async () => {
    const user = await createUser(t);
    const first = refreshCookie(await signIn(user.email, user.password)).value;
    // Two tabs send the same cookie at the same moment: both are answered, neither signs the user out.
    const [a, b] = await Promise.all([refresh(first), refresh(first)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // A reload dropped the answer that carried the new cookie: the page after it sends the spent one again.
    const again = await refresh(first);
    expect(again.statusCode).toBe(200);
    for (const renewed of [a, b, again]) {
      expect((await refresh(refreshCookie(renewed).value)).statusCode).toBe(200);
      const me = await t.app.inject({
        url: '/api/users/me',
        headers: { authorization: `Bearer ${renewed.json().token}` },
      });
      expect(me.statusCode).toBe(200);
    }
  });

  it('treats a spent refresh token coming back after the grace period as theft and ends that user’s sessions', async () => {
    const user = await createUser(t);
    const first = refreshCookie(await signIn(user.email, user.password)).value;
    const second = refreshCookie(await refresh(first)).value;
    await spentMinutesAgo(user.id, 2);
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe('Your session has ended. Please sign in again.');
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie or with a forged one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    expect((await refresh('forged-token')).statusCode).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const user = await createUser(t);
    const value = refreshCookie(await signIn(user.email, user.password)).value;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { farmstall_refresh: value },
    });
    expect(logout.statusCode).toBe(204);
    const cleared = refreshCookie(logout);
    expect(cleared.value).toBe('');
    expect((await refresh(value)).statusCode).toBe(401);
  });

  it('signing out ends that session’s access token at once, and only that session’s', async () => {
    const user = await createUser(t);
    const here = await signIn(user.email, user.password);
    const there = await signIn(user.email, user.password);
    const me = (signedIn: typeof here) =>
      t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${signedIn.json().token}` } });
    expect((await me(here)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { farmstall_refresh: refreshCookie(here).value },
    });
    expect(logout.statusCode).toBe(204);
    // The access token of the session signed out is refused before its 15 minutes are up; the other device stays in.
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(there)).statusCode).toBe(200);
    // A renewed access token belongs to the same session as the refresh token it came from.
    const renewed = await refresh(refreshCookie(there).value);
    expect((await me(renewed)).statusCode).toBe(200);
  });

  it('a spent refresh token coming back ends every session’s access tokens too', async () => {
    const user = await createUser(t);
    const signedIn = await signIn(user.email, user.password);
    const first = refreshCookie(signedIn).value;
    await refresh(first);
    await spentMinutesAgo(user.id, 2);
    expect((await refresh(first)).statusCode).toBe(401);
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${signedIn.json().token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('a deleted user’s access and refresh tokens stop working at once', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t, { role: 'vendor' });
    const signedIn = await signIn(user.email, user.password);
    const auth = { authorization: `Bearer ${signedIn.json().token}` };
    expect((await t.app.inject({ url: '/api/users/me', headers: auth })).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/users/vendor/${user.email}`, headers: admin.auth });
    expect((await t.app.inject({ url: '/api/users/me', headers: auth })).statusCode).toBe(401);
    expect((await refresh(refreshCookie(signedIn).value)).statusCode).toBe(401);
  });
});

describe('GET /api/auth/providers and Google without configuration', () => {
  it('says Google is not set up, and the popup says so too', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ google: false });
    const popup = await t.app.inject({ url: '/api/auth/google/start' });
    expect(popup.statusCode).toBe(200);
    expect(popup.headers['content-type']).toContain('text/html');
    expect(popup.body).toContain('Google sign-in is not set up on this server');
    expect(popup.body).toContain('src="/api/auth/google/popup.js"');
    expect(popup.body).not.toMatch(/<script>[^<]/);
  });

  it('serves the popup script as a file (the CSP allows no inline script)', async () => {
    const script = await t.app.inject({ url: '/api/auth/google/popup.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('BroadcastChannel');
  });
});

describe('secrets stay out of the logs', () => {
  it('logs no password, hash or token while signing up, in, renewing and out at trace level', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: t.config,
      db: t.db,
      secrets: { jwtSecret: 'a-test-signing-key-that-is-long-enough-123' },
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const password = 'Logged#Not1';
      const email = `quiet-${Date.now()}@example.com`;
      await app.inject({ method: 'POST', url: '/api/users', payload: { name: 'Quiet', email, password } });
      const signedIn = await app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password } });
      const { token } = signedIn.json();
      const cookie = refreshCookie(signedIn).value;
      await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { farmstall_refresh: cookie } });
      await app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password: 'Wrong#Pass1' } });
      const log = lines.join('\n');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [password, 'Wrong#Pass1', token, cookie, 'argon2id']) expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
