import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_IN_USE_NOW,
  EMAIL_LINK_INVALID,
  EMAIL_VERIFIED,
  emailChanged,
  emailChangeSent,
  emailVerificationSent,
  verifyEmailFirst,
  WRONG_CURRENT_PASSWORD,
} from '#contract/auth.ts';
import type { NotificationEvent } from '#contract/notifications.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { setupClockedApp } from '../checkout/fulfilment-fixtures.ts';
import { describe as render } from '../notifications/render.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { insertOrder, insertProduct, moveOrder } from '../orders/order-fixtures.ts';
import { users } from '../users/tables.ts';
import { emailTokens } from './tables.ts';

/** Verified e-mail and e-mail change (issue 31, items 2 and 3; decision 048). */
let now = new Date();
const t = setupClockedApp(() => now);

const PASSWORD = 'Shopper#2026!';
let seq = 0;
const freshEmail = (label = 'fresh') => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const signIn = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email, password } });
const me = async (token: string) => t.app.inject({ url: '/api/users/me', headers: bearer(token) });
const resend = (token: string, ip = '203.0.113.20') =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-verification', headers: bearer(token), remoteAddress: ip });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-verification/confirm', payload: { token } });
const changeEmail = (token: string, email: string, password = PASSWORD) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me/email', headers: bearer(token), payload: { email, password } });

/** Signs up with a password through the API and signs in: the account, its id and an access token. */
async function signUp(email = freshEmail()) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Vera Fication', email, password: PASSWORD },
  });
  expect(created.statusCode, created.body).toBe(201);
  const session = await signIn(email);
  expect(session.statusCode).toBe(200);
  return { id: created.json().insertedId as string, email, token: session.json().token as string };
}

type Mail = { userId: string; email: string; channel: string; payload: NotificationEvent };

/** What the outbox holds of a kind for an account, oldest first (the e-mails carry the same payloads). */
async function mailsOf(userId: string, kind: 'email_verification' | 'email_change'): Promise<Mail[]> {
  const rows = await t.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.userId, userId), eq(notificationOutbox.kind, kind)));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((row) => ({
      userId: row.userId,
      email: row.email,
      channel: row.channel,
      payload: row.payload as NotificationEvent,
    }));
}

const tokenOf = (mail: Mail) => {
  if (mail.payload.kind !== 'email_verification') throw new Error(`not a link: ${mail.payload.kind}`);
  return mail.payload.token;
};

describe('a password sign-up', () => {
  it('starts unverified and is e-mailed one link (no bell notice), which the page posts once to verify', async () => {
    const account = await signUp();
    expect((await me(account.token)).json()).toMatchObject({ email: account.email, emailVerified: false });

    const mails = await mailsOf(account.id, 'email_verification');
    expect(mails.map((m) => [m.channel, m.email])).toEqual([['email', account.email]]);
    const token = tokenOf(mails[0]);
    const message = render(mails[0].payload);
    expect(message.title).toBe('Verify your e-mail address for Farmstall');
    expect(message.link).toBe(`/verifyEmail?token=${token}`);
    expect(message.body).toContain('within 24 hours');
    // Only the token's hash is kept.
    const [stored] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, account.id));
    expect(stored).toMatchObject({ purpose: 'verify', email: account.email });
    expect(stored.tokenHash).not.toContain(token);

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_VERIFIED });
    expect((await me(account.token)).json()).toMatchObject({ emailVerified: true });

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ message: EMAIL_LINK_INVALID, fields: { token: EMAIL_LINK_INVALID } });
    expect((await resend(account.token)).json()).toEqual({ message: EMAIL_ALREADY_VERIFIED });
  });

  it('a link expires after 24 hours, and a second request voids the first', async () => {
    const account = await signUp();
    const sent = await resend(account.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: emailVerificationSent(account.email) });
    const [first, second] = (await mailsOf(account.id, 'email_verification')).map(tokenOf);
    expect((await confirm(first)).statusCode).toBe(400);

    now = new Date(now.getTime() + 24 * 3_600_000 + 60_000);
    try {
      expect((await confirm(second)).statusCode).toBe(400);
    } finally {
      now = new Date();
    }
    expect((await me(account.token)).json()).toMatchObject({ emailVerified: false });
    await resend(account.token);
    const latest = (await mailsOf(account.id, 'email_verification')).map(tokenOf).at(-1) as string;
    expect((await confirm(latest)).statusCode).toBe(200);
  });

  it('resending is limited to 3 an account a quarter hour, with a 429 and Retry-After', async () => {
    const account = await signUp();
    for (let i = 0; i < 3; i++) expect((await resend(account.token, '198.51.100.30')).statusCode).toBe(200);
    const over = await resend(account.token, '198.51.100.31');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().error.message).toMatch(/^Too many e-mails sent for this account/);
    // The sign-up's link and the three resent ones.
    expect(await mailsOf(account.id, 'email_verification')).toHaveLength(4);
  });

  it('a link to an address the account no longer has proves nothing', async () => {
    const account = await signUp();
    const [link] = (await mailsOf(account.id, 'email_verification')).map(tokenOf);
    await t.db
      .update(users)
      .set({ email: freshEmail('moved') })
      .where(eq(users.id, account.id));
    expect((await confirm(link)).statusCode).toBe(400);
  });
});

describe('the steps that need a verified e-mail', () => {
  const refusal = (response: { statusCode: number; json: () => { error: object } }, email: string) => {
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'EMAIL_UNVERIFIED', message: verifyEmailFirst(email) });
  };
  const verify = (user: TestUser) =>
    t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));

  it('registering a shop: refused until verified, then allowed', async () => {
    const customer = await createUser(t, { verified: false });
    const register = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/email/${customer.email}`,
        headers: customer.auth,
        payload: {
          shop: 'Verified Acres',
          date: '2019-05-01',
          address: '12 Orchard Lane, Springfield',
          phone: '+1 555 222 3333',
          image: '/uploads/green-acres.webp',
        },
      });
    refusal(await register(), customer.email);
    await verify(customer);
    expect((await register()).statusCode).toBe(200);
  });

  it('connecting payouts: refused until verified, then allowed', async () => {
    const vendor = await createUser(t, { role: 'vendor', verified: false });
    const connect = () => t.app.inject({ method: 'POST', url: '/api/payouts/account', headers: vendor.auth });
    refusal(await connect(), vendor.email);
    await verify(vendor);
    const connected = await connect();
    expect(connected.statusCode, connected.body).toBe(200);
  });

  it('posting a review: refused until verified, then allowed', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await insertProduct(t, vendor, { name: 'Verified Plums', priceCents: 400 });
    const buyer = await createUser(t, { verified: false });
    const { orderId } = await insertOrder(t, buyer, [{ product, amount: 1 }]);
    for (const step of ['shipped', 'delivered'] as const) {
      expect((await moveOrder(t, vendor, orderId, step)).statusCode).toBe(200);
    }
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: buyer.auth,
        payload: { productId: product.id, rating: 4, commentDes: 'Juicy.' },
      });
    refusal(await post(), buyer.email);
    await verify(buyer);
    expect((await post()).statusCode).toBe(201);
  });
});

describe('changing the e-mail', () => {
  it('needs the password; links the new address, tells the old; the link moves the account and signs out everything', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const session = await signIn(user.email);
    const target = freshEmail('new');

    const wrong = await changeEmail(user.token, target, 'Not#The1Password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: WRONG_CURRENT_PASSWORD });
    expect(await mailsOf(user.id, 'email_verification')).toEqual([]);

    const asked = await changeEmail(user.token, target.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: emailChangeSent(target) });
    // Nothing changes until the link is opened.
    expect((await me(user.token)).json()).toMatchObject({ email: user.email });

    const [link] = await mailsOf(user.id, 'email_verification');
    expect(link).toMatchObject({ email: target, channel: 'email', payload: { change: true } });
    expect(render(link.payload).title).toBe('Confirm your new e-mail address for Farmstall');
    const [notice] = await mailsOf(user.id, 'email_change');
    expect(notice).toMatchObject({ email: user.email, payload: { step: 'requested', address: 'n…@example.com' } });
    expect(render(notice.payload).body).toContain(
      "Your Farmstall e-mail is being changed to n…@example.com: it changes when the link we sent there is opened. If this wasn't you, change your password.",
    );

    const done = await confirm(tokenOf(link));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: emailChanged(target) });
    expect((await signIn(user.email)).statusCode).toBe(401);
    const fresh = await signIn(target);
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().token)).json()).toMatchObject({ email: target, emailVerified: true });
    for (const token of [user.token, session.json().token]) expect((await me(token)).statusCode).toBe(401);

    const told = (await mailsOf(user.id, 'email_change')).at(-1) as Mail;
    expect(told).toMatchObject({ email: user.email, payload: { step: 'changed', address: 'n…@example.com' } });
    expect((await confirm(tokenOf(link))).statusCode).toBe(400);
  });

  it('answers the same for an address that has an account, and tells that account instead of linking it', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const holder = await createUser(t);
    const free = await changeEmail(user.token, freshEmail('free'));
    const taken = await changeEmail(user.token, holder.email);
    expect([free.statusCode, taken.statusCode]).toEqual([200, 200]);
    expect(taken.json()).toEqual({ message: emailChangeSent(holder.email) });
    expect(taken.body.replace(holder.email, '')).toBe(free.body.replace(/free-[^ ]+@example\.com/, ''));

    // The older (free) link is voided by the newer request, and the taken address gets no link.
    const links = await mailsOf(user.id, 'email_verification');
    expect(links.map((l) => l.email)).not.toContain(holder.email);
    expect((await confirm(tokenOf(links[0]))).statusCode).toBe(400);
    const [warning] = await mailsOf(holder.id, 'email_change');
    expect(warning).toMatchObject({ email: holder.email, payload: { step: 'in_use' } });
    // The old address is told of each request alike.
    expect((await mailsOf(user.id, 'email_change')).map((m) => m.payload)).toMatchObject([
      { step: 'requested' },
      { step: 'requested' },
    ]);
  });

  it('two accounts moving to one address: the first link wins, the second is a 409 and changes nothing', async () => {
    const [ann, bob] = [await createUser(t, { password: PASSWORD }), await createUser(t, { password: PASSWORD })];
    const target = freshEmail('contested');
    await changeEmail(ann.token, target);
    await changeEmail(bob.token, target);
    const [annLink] = await mailsOf(ann.id, 'email_verification');
    const [bobLink] = await mailsOf(bob.id, 'email_verification');
    const answers = await Promise.all([confirm(tokenOf(annLink)), confirm(tokenOf(bobLink))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409);
    expect(lost?.json().error.message).toBe(EMAIL_IN_USE_NOW);
    const owners = await t.db.select({ id: users.id }).from(users).where(eq(users.email, target));
    expect(owners).toHaveLength(1);
  });

  it('refuses its own address and a Google-only account', async () => {
    const user = await createUser(t, { password: PASSWORD });
    expect((await changeEmail(user.token, user.email)).statusCode).toBe(400);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const google = await changeEmail(user.token, freshEmail(), 'Anything#1');
    expect(google.statusCode).toBe(400);
    expect(google.json().error.message).toMatch(/signs in with Google only/);
  });
});
