import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { refreshTokens, sessions } from '../modules/auth/tables.ts';
import { cartAddRequests } from '../modules/cart/tables.ts';
import { makeOrder } from '../modules/checkout/index.ts';
import { notificationOutbox, notifications } from '../modules/notifications/tables.ts';
import { createSettle } from '../modules/payments/index.ts';
import { createSandboxProvider } from '../modules/payments/sandbox-provider.ts';
import { paymentIntents, refunds } from '../modules/payments/tables.ts';
import { setupTestApp } from '../test/app.ts';
import { createUser, type TestUser } from '../test/users.ts';
import { startJobs } from './index.ts';
import { type RetentionOptions, runRetention } from './retention.ts';

// The daily retention job (issue 34, item 7): old rows are made in the test, the job runs, what is left is checked.
const t = setupTestApp();
const DAY = 24 * 3600_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const log = pino({ level: 'silent' });

let dataDir: string;
let options: RetentionOptions;
let shopper: TestUser;
let other: TestUser;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-retention-'));
  // The defaults, as the server reads them, with a smaller bell so the test stays small.
  options = { ...loadConfig({}).retention, bellPerUser: 3, dataDir };
  shopper = await createUser(t);
  other = await createUser(t);
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const run = () => runRetention(t.db, options, log, now);

describe('the daily retention job', () => {
  it('reads its settings, one per kind of row, with their defaults', () => {
    expect(loadConfig({}).retention).toEqual({
      abandonedPaymentDays: 30,
      sessionDays: 30,
      failedNotificationDays: 30,
      mailFileDays: 30,
      bellPerUser: 200,
      cartAddRequestDays: 7,
    });
    expect(loadConfig({ RETENTION_BELL_PER_USER: '50', RETENTION_SESSIONS_DAYS: '90' }).retention).toMatchObject({
      bellPerUser: 50,
      sessionDays: 90,
    });
    expect(() => loadConfig({ RETENTION_MAIL_FILES_DAYS: '0' })).toThrow(/RETENTION_MAIL_FILES_DAYS/);
  });

  it('deletes abandoned payment intents after RETENTION_ABANDONED_PAYMENTS_DAYS, never a paid one or one a refund names', async () => {
    const intent = (name: string, values: Partial<typeof paymentIntents.$inferInsert>) => ({
      provider: 'sandbox',
      providerIntentId: `pi_retention_${name}_${randomUUID()}`,
      userId: shopper.id,
      purpose: 'checkout',
      amountCents: 1200,
      ...values,
    });
    const rows = await t.db
      .insert(paymentIntents)
      .values([
        intent('old-abandoned', { status: 'cancelled', createdAt: daysAgo(31) }),
        intent('new-abandoned', { status: 'cancelled', createdAt: daysAgo(29) }),
        intent('old-open', { status: 'requires_confirmation', createdAt: daysAgo(31) }),
        intent('old-paid-cancelled', { status: 'cancelled', paidAt: daysAgo(31), createdAt: daysAgo(31) }),
        intent('old-settled', { status: 'settled', paidAt: daysAgo(31), createdAt: daysAgo(31) }),
        intent('old-refunded', { status: 'cancelled', createdAt: daysAgo(31) }),
      ])
      .returning({ id: paymentIntents.id, providerIntentId: paymentIntents.providerIntentId });
    const referred = rows[5].id;
    await t.db
      .insert(refunds)
      .values({ paymentIntentId: referred, amountCents: 100, reason: 'abandoned', idempotencyKey: randomUUID() });

    const report = await run();
    expect(report.abandonedPaymentIntents).toBe(1);
    const left = await t.db
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .where(
        inArray(
          paymentIntents.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id).sort()).toEqual(
      rows
        .slice(1)
        .map((row) => row.id)
        .sort(),
    );
    expect((await run()).abandonedPaymentIntents).toBe(0);
  });

  it('deletes ended sessions and expired refresh tokens after RETENTION_SESSIONS_DAYS, keeping a spent token that has not expired', async () => {
    const [ended, recentlyEnded, idle, live] = await t.db
      .insert(sessions)
      .values([
        { userId: shopper.id, endedAt: daysAgo(31), lastUsedAt: daysAgo(40) },
        { userId: shopper.id, endedAt: daysAgo(5), lastUsedAt: daysAgo(5) },
        { userId: shopper.id, lastUsedAt: daysAgo(90) },
        { userId: shopper.id, lastUsedAt: daysAgo(1) },
      ])
      .returning({ id: sessions.id });
    const token = (sessionId: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: shopper.id,
      sessionId,
      tokenHash: randomUUID(),
      expiresAt,
      revokedAt,
    });
    const tokens = await t.db
      .insert(refreshTokens)
      .values([
        token(ended.id, daysAgo(10)),
        token(idle.id, daysAgo(31)),
        token(live.id, daysAgo(-29), daysAgo(1)), // spent, not expired: its return would end the session
        token(live.id, daysAgo(-30)),
        token(recentlyEnded.id, daysAgo(2)),
      ])
      .returning({ id: refreshTokens.id });

    const report = await run();
    expect(report).toMatchObject({ refreshTokens: 1, sessions: 2 });
    const sessionsLeft = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, shopper.id));
    expect(sessionsLeft.map((row) => row.id).sort()).toEqual([recentlyEnded.id, live.id].sort());
    const tokensLeft = await t.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, shopper.id));
    expect(tokensLeft.map((row) => row.id).sort()).toEqual([tokens[2].id, tokens[3].id, tokens[4].id].sort());
  });

  it('deletes failed outbox rows after RETENTION_FAILED_NOTIFICATIONS_DAYS and reports how many', async () => {
    const row = (state: 'failed' | 'pending' | 'sent', createdAt: Date) => ({
      userId: shopper.id,
      email: shopper.email,
      channel: 'email' as const,
      kind: 'order_placed' as const,
      payload: {} as never,
      state,
      createdAt,
    });
    const made = await t.db
      .insert(notificationOutbox)
      .values([
        row('failed', daysAgo(31)),
        row('failed', daysAgo(32)),
        row('failed', daysAgo(2)),
        row('pending', daysAgo(40)),
      ])
      .returning({ id: notificationOutbox.id });

    expect((await run()).failedNotifications).toBe(2);
    const left = await t.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        inArray(
          notificationOutbox.id,
          made.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([made[2].id, made[3].id].sort());
  });

  it('keeps the newest RETENTION_BELL_PER_USER bell notifications of each user', async () => {
    const bell = (user: TestUser, minutesAgo: number) => ({
      userId: user.id,
      kind: 'order_placed' as const,
      title: `${minutesAgo} minutes ago`,
      body: 'Body',
      link: '/dashboard',
      createdAt: new Date(now.getTime() - minutesAgo * 60_000),
    });
    await t.db.insert(notifications).values([1, 2, 3, 4, 5].map((m) => bell(shopper, m)));
    await t.db.insert(notifications).values([1, 2].map((m) => bell(other, m)));

    expect((await run()).bellNotifications).toBe(2);
    const titles = async (user: TestUser) =>
      (await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, user.id)))
        .map((row) => row.title)
        .sort();
    expect(await titles(shopper)).toEqual(['1 minutes ago', '2 minutes ago', '3 minutes ago']);
    expect(await titles(other)).toEqual(['1 minutes ago', '2 minutes ago']);
    // The bell answers with what is left.
    const answer = await t.app.inject({ url: '/api/notifications', headers: shopper.auth });
    expect(answer.statusCode).toBe(200);
  });

  it('deletes add-to-cart request ids after RETENTION_CART_ADD_REQUESTS_DAYS', async () => {
    const request = (createdAt: Date) => ({
      userId: shopper.id,
      requestId: randomUUID(),
      lineId: randomUUID(),
      amount: 1,
      createdAt,
    });
    const [old, recent] = await t.db
      .insert(cartAddRequests)
      .values([request(daysAgo(8)), request(daysAgo(6))])
      .returning({ requestId: cartAddRequests.requestId });

    expect((await run()).cartAddRequests).toBe(1);
    const left = await t.db
      .select({ requestId: cartAddRequests.requestId })
      .from(cartAddRequests)
      .where(inArray(cartAddRequests.requestId, [old.requestId, recent.requestId]));
    expect(left).toEqual([recent]);
  });

  it('deletes e-mail files in DATA_DIR/mail after RETENTION_MAIL_FILES_DAYS', async () => {
    const folder = path.join(dataDir, 'mail');
    await fs.mkdir(folder, { recursive: true });
    const write = async (name: string, age: number) => {
      const file = path.join(folder, name);
      await fs.writeFile(file, 'Subject: test\r\n\r\nHello');
      await fs.utimes(file, daysAgo(age), daysAgo(age));
    };
    await write('old.eml', 31);
    await write('recent.eml', 29);
    await write('notes.txt', 90);

    expect((await run()).mailFiles).toBe(1);
    expect((await fs.readdir(folder)).sort()).toEqual(['notes.txt', 'recent.eml']);
    // No mail folder (an SMTP server from the start): nothing to delete.
    expect((await runRetention(t.db, { ...options, dataDir: path.join(dataDir, 'none') }, log, now)).mailFiles).toBe(0);
  });

  it('runs as a pg-boss job once started (offered once a day across processes)', async () => {
    const [old] = await t.db
      .insert(cartAddRequests)
      .values({ userId: other.id, requestId: randomUUID(), lineId: randomUUID(), amount: 1, createdAt: daysAgo(30) })
      .returning({ requestId: cartAddRequests.requestId });
    const provider = createSandboxProvider(t.db);
    const jobs = await startJobs({
      db: t.db,
      log,
      provider,
      settle: createSettle(t.db, provider, makeOrder),
      pollingIntervalSeconds: 0.5,
      retention: options,
    });
    try {
      const left = async () =>
        (await t.db.select().from(cartAddRequests).where(eq(cartAddRequests.requestId, old.requestId))).length;
      await expect.poll(left, { timeout: 20_000, interval: 250 }).toBe(0);
    } finally {
      await jobs.stop();
    }
  }, 30_000);
});
