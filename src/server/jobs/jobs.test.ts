import { count, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../modules/checkout/index.ts';
import {
  addToCart,
  checkoutDetails,
  confirmOrder,
  createProduct,
  GOOD_CARD,
  payCart,
  payInSandbox,
  productRow,
  startMembershipPayment,
  startPayment,
} from '../modules/checkout/test-fixtures.ts';
import { orders } from '../modules/orders/tables.ts';
import { createSettle, type PaymentProvider } from '../modules/payments/index.ts';
import { createSandboxProvider } from '../modules/payments/sandbox-provider.ts';
import { paymentIntents, refunds, sandboxPaymentIntents, vendorPayments } from '../modules/payments/tables.ts';
import { shops } from '../modules/shops/tables.ts';
import { setupTestApp } from '../test/app.ts';
import { createUser, type TestUser } from '../test/users.ts';
import { JOB_QUEUES, startJobs } from './index.ts';
import { reconcilePayments } from './reconcile.ts';
import { retryDueRefunds } from './refund-retries.ts';

const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  sandbox = createSandboxProvider(t.db);
});

/** The provider and the app's settle path over it (checkout's orders). */
const paying = (provider: PaymentProvider) => ({ provider, settle: createSettle(t.db, provider, makeOrder) });
const inAMinute = () => new Date(Date.now() + 60_000);
const intentRow = async (providerIntentId: string) =>
  (await t.db.select().from(paymentIntents).where(eq(paymentIntents.providerIntentId, providerIntentId)))[0];
const ordersOf = async (user: TestUser) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id)))[0].n;

async function paidCartWithoutConfirmation(options: { details?: boolean } = { details: true }) {
  const vendor = await createUser(t, { role: 'vendor' });
  const product = await createProduct(t, vendor, { priceCents: 700, stock: 3 });
  const buyer = await createUser(t);
  await addToCart(t, buyer, product.id, 2);
  const { intent, paid } = await payCart(t, buyer, options.details ? { details: checkoutDetails } : {});
  expect(paid.statusCode).toBe(200);
  return { buyer, product, intent };
}

describe('payment reconciliation', () => {
  it('makes the order of a paid intent whose browser never confirmed, from the details sent before paying', async () => {
    const { buyer, product, intent } = await paidCartWithoutConfirmation();

    const report = await reconcilePayments(t.db, paying(sandbox), { log, now: inAMinute });

    expect(report.order).toBe(1);
    expect(await ordersOf(buyer)).toBe(1);
    expect((await productRow(t, product.id)).stock).toBe(1);
    expect(await intentRow(intent.paymentIntentId)).toMatchObject({ status: 'settled', orderName: 'Ada Shopper' });
    // The browser coming back later finds the same order, and a second pass changes nothing.
    const late = await confirmOrder(t, buyer, intent.paymentIntentId);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ orderName: 'Ada Shopper', address: checkoutDetails.address, price: 14 });
    expect((await reconcilePayments(t.db, paying(sandbox), { log, now: inAMinute })).order).toBe(0);
    expect(await ordersOf(buyer)).toBe(1);
  });

  it('leaves an intent paid without delivery details to its browser for a while, then refunds it in full', async () => {
    const { buyer, product, intent } = await paidCartWithoutConfirmation({ details: false });

    expect((await reconcilePayments(t.db, paying(sandbox), { log, now: inAMinute })).waiting).toBe(1);
    expect(await intentRow(intent.paymentIntentId)).toMatchObject({ status: 'succeeded' });
    const later = () => new Date(Date.now() + 5 * 60_000);
    expect((await reconcilePayments(t.db, paying(sandbox), { log, now: later })).refunded).toBe(1);

    expect(await ordersOf(buyer)).toBe(0);
    expect((await productRow(t, product.id)).stock).toBe(3);
    const row = await intentRow(intent.paymentIntentId);
    expect(row.status).toBe('refunded');
    const [given] = await t.db.select().from(refunds).where(eq(refunds.paymentIntentId, row.id));
    expect(given).toMatchObject({ status: 'succeeded', amountCents: 1400, reason: 'cannot_fulfil' });
    const [remote] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    expect(remote.refundedAt).not.toBeNull();
  });

  it('cancels an intent never paid after 30 minutes, and settles one paid in the meantime', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await createProduct(t, vendor, { priceCents: 300, stock: 5 });
    const buyer = await createUser(t);
    await addToCart(t, buyer, product.id, 1);
    const started = await startPayment(t, buyer, { ...checkoutDetails });
    const abandoned = started.json().paymentIntentId as string;

    expect((await reconcilePayments(t.db, paying(sandbox), { log, now: inAMinute })).unpaid).toBe(1);
    const halfAnHourLater = () => new Date(Date.now() + 31 * 60_000);
    expect((await reconcilePayments(t.db, paying(sandbox), { log, now: halfAnHourLater })).cancelled).toBe(1);

    expect((await intentRow(abandoned)).status).toBe('cancelled');
    const [remote] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, abandoned));
    expect(remote.status).toBe('canceled');
    // The card can no longer be charged on it.
    const pay = await payInSandbox(
      t,
      buyer,
      { paymentIntentId: abandoned, clientSecret: started.json().clientSecret },
      GOOD_CARD,
    );
    expect(pay.statusCode).toBe(409);
    expect(await ordersOf(buyer)).toBe(0);
  });

  it('grants a paid membership whose browser never recorded it', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const started = await startMembershipPayment(t, vendor, {});
    const { paymentIntentId, clientSecret } = started.json();
    await sandbox.confirm(paymentIntentId, clientSecret, '4242424242424242');

    expect((await reconcilePayments(t.db, paying(sandbox), { log, now: inAMinute })).membership).toBe(1);

    const [shop] = await t.db.select({ membership: shops.membership }).from(shops).where(eq(shops.vendorId, vendor.id));
    expect(shop.membership).toBe('premium');
    const paid = await t.db.select().from(vendorPayments).where(eq(vendorPayments.transactionId, paymentIntentId));
    expect(paid).toHaveLength(1);
  });
});

describe('refund retries', () => {
  it('retries a refund the provider refused, with backoff, until it succeeds', async () => {
    // Two tabs paid for one cart: the second charge must be given back, but the provider is down at first.
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await createProduct(t, vendor, { priceCents: 900, stock: 5 });
    const buyer = await createUser(t);
    await addToCart(t, buyer, product.id, 1);
    const first = await payCart(t, buyer, { details: checkoutDetails });
    const second = await payCart(t, buyer, { details: checkoutDetails });
    expect((await confirmOrder(t, buyer, first.intent.paymentIntentId)).statusCode).toBe(201);
    let calls = 0;
    const flaky = {
      ...sandbox,
      async refund(...args: Parameters<typeof sandbox.refund>) {
        calls += 1;
        if (calls === 1) throw new Error('Provider unavailable');
        return sandbox.refund(...args);
      },
    };

    expect((await reconcilePayments(t.db, paying(flaky), { log, now: inAMinute })).refunded).toBe(1);
    const row = await intentRow(second.intent.paymentIntentId);
    expect(row.status).toBe('refunding');
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.paymentIntentId, row.id));
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Provider unavailable',
      reason: 'duplicate',
    });
    // Not due yet: the retry job leaves it for now.
    expect(await retryDueRefunds(t.db, flaky, { log })).toEqual({ due: 0, succeeded: 0 });
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const afterBackoff = () => new Date(pending.nextAttemptAt.getTime() + 1000);
    expect(await retryDueRefunds(t.db, flaky, { log, now: afterBackoff })).toEqual({ due: 1, succeeded: 1 });
    const [done] = await t.db.select().from(refunds).where(eq(refunds.id, pending.id));
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null });
    expect(done.providerRefundId).toMatch(/^re_sb_/);
    expect((await intentRow(second.intent.paymentIntentId)).status).toBe('refunded');
    expect(calls).toBe(2);
  });
});

describe('the job runner (pg-boss)', () => {
  it('settles a charge whose browser went away into its order within 60 seconds, with no request', async () => {
    const jobs = await startJobs({
      db: t.db,
      log,
      ...paying(sandbox),
      everySeconds: 2,
      pollingIntervalSeconds: 0.5,
      reconcile: { settleAfterMs: 0 },
    });
    try {
      const { buyer } = await paidCartWithoutConfirmation();
      const paidAt = Date.now();
      await vi.waitFor(async () => expect(await ordersOf(buyer)).toBeGreaterThan(0), {
        timeout: 60_000,
        interval: 250,
      });
      const seconds = (Date.now() - paidAt) / 1000;
      console.info(`pg-boss settled the charge in ${seconds.toFixed(1)} s`);
      expect(await ordersOf(buyer)).toBe(1);
      expect(seconds).toBeLessThan(60);
    } finally {
      await jobs.stop();
    }
  }, 70_000); // the 60 s deadline, not the default 30 s test timeout, decides
});

describe('job runners of several server processes', () => {
  it('run each time slot of each queue once', async () => {
    const since = await t.db.execute(sql`select now() as at`);
    const slots = async () =>
      (
        await t.db.execute(sql`
          select name, singleton_on::text as slot, count(*)::int as jobs,
            count(*) filter (where state = 'completed' and retry_count = 0)::int as ran_once
          from pgboss.job where name in (${JOB_QUEUES.reconcile}, ${JOB_QUEUES.refunds})
            and created_on >= ${since.rows[0].at}
          group by 1, 2 order by 1, 2`)
      ).rows;
    const options = { db: t.db, log, ...paying(sandbox), everySeconds: 1, pollingIntervalSeconds: 0.5 };
    const started = Date.now();
    const runners = await Promise.all([startJobs(options), startJobs(options)]);
    try {
      // Until each queue has had three slots worked (about 3-4 s), rather than a fixed wait a slow machine may miss.
      await vi.waitFor(
        async () => {
          const worked = (await slots()).filter((r) => r.ran_once === 1);
          for (const queue of Object.values(JOB_QUEUES)) {
            expect(worked.filter((r) => r.name === queue).length).toBeGreaterThanOrEqual(3);
          }
        },
        { timeout: 20_000, interval: 250 },
      );
    } finally {
      await Promise.all(runners.map((jobs) => jobs.stop()));
    }
    const rows = await slots();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(`two runners, ${seconds} s: ${rows.length} slots, ${rows.map((r) => r.jobs).join(',')} jobs per slot`);
    for (const queue of Object.values(JOB_QUEUES)) {
      expect(rows.filter((r) => r.name === queue).length).toBeGreaterThanOrEqual(3);
    }
    for (const row of rows) expect(row).toMatchObject({ jobs: 1 });
    // Every slot but the one still open when the runners stopped was worked, once.
    expect(rows.filter((r) => r.ran_once !== 1).length).toBeLessThanOrEqual(Object.values(JOB_QUEUES).length);
  });
});
