import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES, PASSWORD_RESET_INVALID, PASSWORD_RESET_SENT } from '#contract/auth.ts';
import type { NotificationEvent } from '#contract/notifications.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { setupClockedApp } from '../checkout/fulfilment-fixtures.ts';
import { describe as render } from '../notifications/render.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { users } from '../users/tables.ts';
import { passwordResets } from './tables.ts';

/** A forgotten password (issue 31, item 1): the request, the e-mailed link, setting the new password. */
let now = new Date();
const t = setupClockedApp(() => now);

const ask = (email: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password } });

/**
 * The links e-mailed to the user, oldest first (read from the outbox, as the e-mail carries them), once there are
 * `count`: the route answers before it looks the account up, so the e-mail follows the answer.
 */
async function linksAfter(user: TestUser, count: number) {
  return vi.waitFor(async () => {
    const links = await linksTo(user);
    expect(links).toHaveLength(count);
    return links;
  });
}

/** The tokens of the links e-mailed to the user so far, oldest first. */
async function linksTo(user: TestUser) {
  const rows = await t.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.userId, user.id), eq(notificationOutbox.kind, 'password_reset')));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((row) => ({
      channel: row.channel,
      payload: row.payload as Extract<NotificationEvent, { kind: 'password_reset' }>,
    }));
}

describe('a forgotten password', () => {
  it('answers the same for an account and for no account; only the account gets an e-mail, no bell notice', async () => {
    const user = await createUser(t);
    const known = await ask(user.email);
    const unknown = await ask(`nobody-${Date.now()}@example.com`);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_SENT });
    expect(unknown.body).toBe(known.body);

    const links = await linksAfter(user, 1);
    expect(links.map((link) => link.channel)).toEqual(['email']);
    const email = render(links[0].payload);
    expect(email.link).toBe(`/resetPassword?token=${links[0].payload.token}`);
    expect(email.body).toContain('within 30 minutes');
    // Only the token's hash is kept with the account.
    const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored.tokenHash).not.toContain(links[0].payload.token);
  });

  it('sets the new password with the spec’s rules, signs out everything, and works once', async () => {
    const user = await createUser(t);
    const session = await signIn(user.email, user.password);
    await ask(user.email);
    const [{ payload }] = await linksAfter(user, 1);

    const weak = await confirm(payload.token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBe(PASSWORD_MESSAGES.min);

    const done = await confirm(payload.token, 'NewSecret#456');
    expect(done.statusCode, done.body).toBe(200);
    expect((await signIn(user.email, 'NewSecret#456')).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    // Every access token and session from before is out.
    for (const token of [user.token, session.json().token]) {
      const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(401);
    }
    const refresh = session.cookies.find((c) => c.name === 'farmstall_refresh')?.value as string;
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { farmstall_refresh: refresh },
    });
    expect(renewed.statusCode).toBe(401);

    const again = await confirm(payload.token, 'Another#789');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      message: PASSWORD_RESET_INVALID,
      fields: { token: PASSWORD_RESET_INVALID },
    });
  });

  it('a newer request voids the older link, and a link expires after 30 minutes', async () => {
    const user = await createUser(t);
    await ask(user.email);
    await linksAfter(user, 1);
    await ask(user.email);
    const [older, newer] = await linksAfter(user, 2);
    expect((await confirm(older.payload.token, 'NewSecret#456')).statusCode).toBe(400);

    now = new Date(now.getTime() + 31 * 60_000);
    expect((await confirm(newer.payload.token, 'NewSecret#456')).statusCode).toBe(400);
    now = new Date();
  });

  it('many requests at once leave one usable link: the one e-mailed last', async () => {
    const user = await createUser(t);
    const answers = await Promise.all([1, 2, 3].map((i) => ask(user.email, `198.51.100.${40 + i}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await linksAfter(user, 3);
    const usable = await t.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    expect(usable).toHaveLength(1);
  });

  it('answers before looking the account up: with the accounts table locked, known and unknown e-mails answer alike', async () => {
    const user = await createUser(t);
    // Another session holds every account row; a lookup would wait for it.
    const pool = (t.db as unknown as { $client: import('pg').Pool }).$client;
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const [known, unknown] = await Promise.all([
        ask(user.email, '198.51.100.61'),
        ask(`nobody-${Date.now()}@example.com`, '198.51.100.62'),
      ]);
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.body).toBe(unknown.body);
      expect(await linksTo(user)).toHaveLength(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // Once the accounts are free again, the e-mail goes out.
    await linksAfter(user, 1);
  });

  it('marks the address verified when the link sets a password (it proved the mailbox)', async () => {
    const user = await createUser(t);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    await ask(user.email);
    const [{ payload }] = await linksAfter(user, 1);
    expect((await confirm(payload.token, 'NewSecret#456')).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('a Google-only account sets a first password the same way', async () => {
    const user = await createUser(t);
    await t.db
      .update(users)
      .set({ passwordHash: null, googleSubject: `g-${user.id}` })
      .where(eq(users.id, user.id));
    await ask(user.email);
    const [{ payload }] = await linksAfter(user, 1);
    expect((await confirm(payload.token, 'First#Pass1')).statusCode).toBe(200);
    expect((await signIn(user.email, 'First#Pass1')).statusCode).toBe(200);
  });

  it('limits requests per e-mail (known or not, alike) and per address, with a 429 and Retry-After', async () => {
    const user = await createUser(t);
    const stranger = `nobody-else-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      expect((await ask(user.email, '198.51.100.1')).statusCode).toBe(200);
      expect((await ask(stranger, '198.51.100.1')).statusCode).toBe(200);
    }
    const [overKnown, overUnknown] = [await ask(user.email, '198.51.100.2'), await ask(stranger, '198.51.100.2')];
    expect([overKnown.statusCode, overUnknown.statusCode]).toEqual([429, 429]);
    expect(overKnown.headers['retry-after']).toBeDefined();
    expect(overKnown.json().error.message).toBe(overUnknown.json().error.message);
    await linksAfter(user, 3);

    const busy = '198.51.100.9';
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await ask(`someone-${i}-${Date.now()}@example.com`, busy)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
