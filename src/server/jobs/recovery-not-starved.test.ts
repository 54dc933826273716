import { and, count, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../modules/checkout/index.ts';
import {
  addToCart,
  checkoutDetails,
  createProduct,
  GOOD_CARD,
  payCart,
  payInSandbox,
  startPayment,
} from '../modules/checkout/test-fixtures.ts';
import { orders } from '../modules/orders/tables.ts';
import {
  createSettle,
  EXPIRED_REASON,
  OPEN_UNPAID_PER_ACCOUNT,
  openIntent,
  type PaymentProvider,
} from '../modules/payments/index.ts';
import { createSandboxProvider } from '../modules/payments/sandbox-provider.ts';
import { paymentIntents, sandboxPaymentIntents } from '../modules/payments/tables.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { setupTestApp } from '../test/app.ts';
import { createUser, type TestUser } from '../test/users.ts';
import { startJobs } from './index.ts';
import { RECONCILE_DEFAULTS, type ReconcileReport, reconcilePayments } from './reconcile.ts';

/**
 * Issue 34, item 4 (decision 055): one account opening 250 unpaid payments must not keep a paid charge whose browser
 * never confirmed from becoming its order. The reconciliation pass reads paid intents and due unpaid ones by their own
 * indexes, at most `limit` each, and an account holds at most OPEN_UNPAID_PER_ACCOUNT open unpaid payments.
 */
const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  sandbox = createSandboxProvider(t.db);
});

const paying = (provider: PaymentProvider) => ({ provider, settle: createSettle(t.db, provider, makeOrder) });
const ordersOf = async (user: TestUser) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id)))[0].n;
const intentRow = async (providerIntentId: string) =>
  (await t.db.select().from(paymentIntents).where(eq(paymentIntents.providerIntentId, providerIntentId)))[0];
const sandboxStatus = async (id: string) =>
  (await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0].status;
async function statusesOf(user: TestUser) {
  const rows = await t.db
    .select({ status: paymentIntents.status, n: count() })
    .from(paymentIntents)
    .where(eq(paymentIntents.userId, user.id))
    .groupBy(paymentIntents.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** A buyer with a product in the cart who starts `n` card payments through POST /api/customer-payment, none paid. */
async function buyerWithUnpaidPayments(n: number) {
  const vendor = await createUser(t, { role: 'vendor' });
  const product = await createProduct(t, vendor, { priceCents: 700, stock: 3 });
  const buyer = await createUser(t);
  await addToCart(t, buyer, product.id, 1);
  const opened: { paymentIntentId: string; clientSecret: string }[] = [];
  const started = Date.now();
  for (let i = 0; i < n; i += 1) {
    const response = await startPayment(t, buyer, { price: 0, ...checkoutDetails });
    expect(response.statusCode).toBe(201);
    opened.push(response.json());
  }
  console.info(`${n} payments of one account opened in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { buyer, opened };
}

/** Wraps a provider, counting the intents it is asked about. */
function counting(provider: PaymentProvider) {
  const asked = { n: 0 };
  return {
    asked,
    provider: {
      ...provider,
      name: provider.name,
      publishableKey: provider.publishableKey,
      async retrieveIntent(id: string) {
        asked.n += 1;
        return provider.retrieveIntent(id);
      },
    } satisfies PaymentProvider,
  };
}

describe('recovery that cannot be starved (issue 34, item 4)', () => {
  it('250 unpaid payments of one account, then a paid one never confirmed: its order exists within 30 s', async () => {
    const { buyer, opened } = await buyerWithUnpaidPayments(250);

    // The bound: the account holds at most 5 open unpaid payments; the others are cancelled at the provider and
    // can no longer be paid.
    expect(await statusesOf(buyer)).toEqual({ requires_confirmation: OPEN_UNPAID_PER_ACCOUNT, cancelled: 245 });
    expect(await sandboxStatus(opened[0].paymentIntentId)).toBe('canceled');
    expect(await sandboxStatus(opened[244].paymentIntentId)).toBe('canceled');
    expect(await sandboxStatus(opened[245].paymentIntentId)).toBe('requires_payment_method');
    expect(await intentRow(opened[0].paymentIntentId)).toMatchObject({ lastError: EXPIRED_REASON });
    expect((await payInSandbox(t, buyer, opened[0], GOOD_CARD)).statusCode).toBe(409);

    // Paid at the sandbox; the browser's confirmation never comes.
    const { intent, paid } = await payCart(t, buyer, { details: checkoutDetails });
    expect(paid.statusCode).toBe(200);
    const created = (await intentRow(intent.paymentIntentId)).createdAt.getTime();
    expect((await statusesOf(buyer)).requires_confirmation).toBe(OPEN_UNPAID_PER_ACCOUNT);

    // The job's passes every 15 s, in the worst phase: the first one comes just before the payment is 5 s old
    // (counted from its creation, before it was even paid).
    const reports: ReconcileReport[] = [];
    let seconds: number | null = null;
    for (let at = RECONCILE_DEFAULTS.settleAfterMs / 1000 - 0.1; at <= 60; at += 15) {
      const now = () => new Date(created + at * 1000);
      reports.push(await reconcilePayments(t.db, paying(sandbox), { log, now }));
      if ((await ordersOf(buyer)) > 0) {
        seconds = at;
        break;
      }
    }
    console.info(`the paid charge became its order on pass ${reports.length}, ${seconds} s after it was opened`);
    expect(seconds).not.toBeNull();
    expect(seconds).toBeLessThanOrEqual(30);
    expect(await intentRow(intent.paymentIntentId)).toMatchObject({ status: 'settled' });
    for (const report of reports) {
      expect(report.read.paid).toBeLessThanOrEqual(RECONCILE_DEFAULTS.limit);
      expect(report.read.unpaid).toBeLessThanOrEqual(RECONCILE_DEFAULTS.limit);
    }
  }, 120_000);

  it('with the jobs running at their defaults (a pass every 15 s), its order and 20 others exist within 30 s', async () => {
    const jobs = await startJobs({ db: t.db, log, ...paying(sandbox) });
    try {
      const { buyer } = await buyerWithUnpaidPayments(250);
      // The outside review's case too: 20 other shoppers' charges, paid and never confirmed, behind the 250.
      const vendor = await createUser(t, { role: 'vendor' });
      const product = await createProduct(t, vendor, { priceCents: 500, stock: 25 });
      const others = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
      for (const other of others) await addToCart(t, other, product.id, 1);
      const charged = [];
      for (const shopper of [buyer, ...others]) {
        const { paid } = await payCart(t, shopper, { details: checkoutDetails });
        expect(paid.statusCode).toBe(200);
        charged.push({ shopper, at: Date.now(), seconds: 0 });
      }
      const deadline = Date.now() + 45_000;
      while (charged.some((c) => c.seconds === 0) && Date.now() < deadline) {
        for (const c of charged.filter((c) => c.seconds === 0)) {
          if ((await ordersOf(c.shopper)) > 0) c.seconds = (Date.now() - c.at) / 1000;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const times = charged.map((c) => c.seconds);
      const slowest = Math.max(...times);
      console.info(
        `pg-boss (15 s period): the account's order ${times[0].toFixed(1)} s after its charge, ` +
          `the 20 others' ${Math.min(...times.slice(1)).toFixed(1)}-${Math.max(...times.slice(1)).toFixed(1)} s`,
      );
      expect(times.every((seconds) => seconds > 0)).toBe(true);
      expect(slowest).toBeLessThan(30);
      for (const c of charged) expect(await ordersOf(c.shopper)).toBe(1);
    } finally {
      await jobs.stop();
    }
  }, 120_000);

  it('a payment paid while its account opens a newer one is settled, not cancelled', async () => {
    const { buyer, opened } = await buyerWithUnpaidPayments(OPEN_UNPAID_PER_ACCOUNT);
    // The shopper pays the oldest in one tab (its confirmation is still on its way) and opens a new one in another.
    expect((await payInSandbox(t, buyer, opened[0], GOOD_CARD)).statusCode).toBe(200);
    expect((await startPayment(t, buyer, { price: 0, ...checkoutDetails })).statusCode).toBe(201);

    // Beyond the bound, but paid: known paid now, never cancelled at the sandbox.
    expect(await intentRow(opened[0].paymentIntentId)).toMatchObject({ status: 'succeeded' });
    expect(await sandboxStatus(opened[0].paymentIntentId)).toBe('succeeded');
    const report = await reconcilePayments(t.db, paying(sandbox), { log, now: () => new Date(Date.now() + 10_000) });
    expect(report.read.paid).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(buyer)).toBe(1);
    expect(await intentRow(opened[0].paymentIntentId)).toMatchObject({ status: 'settled' });
  });

  it('payments opened at once by one account still leave 5 open, the rest cancelled', async () => {
    const { buyer } = await buyerWithUnpaidPayments(0);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => startPayment(t, buyer, { price: 0, ...checkoutDetails })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    expect(await statusesOf(buyer)).toEqual({ requires_confirmation: OPEN_UNPAID_PER_ACCOUNT, cancelled: 7 });
  });

  it('an expiry the provider could not make is finished by the next pass', async () => {
    const buyer = await createUser(t);
    const down = {
      ...sandbox,
      async cancelIntent(): Promise<never> {
        throw new Error('Provider unavailable');
      },
    };
    const user = { id: buyer.id } as AuthUser;
    const open = async (provider: PaymentProvider) =>
      openIntent(t.db, provider, user, { purpose: 'checkout', description: 'test', subtotalCents: 500 });
    const first = await open(down);
    for (let i = 0; i < OPEN_UNPAID_PER_ACCOUNT; i += 1) await open(down);

    // Marked expired and due, still open at the provider for now.
    const expired = await intentRow(first.paymentIntentId);
    expect(expired).toMatchObject({ status: 'requires_confirmation' });
    expect(expired.expiredAt).not.toBeNull();
    const report = await reconcilePayments(t.db, paying(sandbox), { log, now: () => new Date(Date.now() + 10_000) });
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(await intentRow(first.paymentIntentId)).toMatchObject({ status: 'cancelled', lastError: EXPIRED_REASON });
    expect(await sandboxStatus(first.paymentIntentId)).toBe('canceled');
    expect((await statusesOf(buyer)).requires_confirmation).toBe(OPEN_UNPAID_PER_ACCOUNT);
  });

  it('no pass reads more than its limit, and the unpaid walk reaches every due intent in turn', async () => {
    // 60 unpaid payments recorded past the bound (as a store that had them before the bound would hold them).
    const hoarder = await createUser(t);
    for (let i = 0; i < 60; i += 1) {
      const remote = await sandbox.createIntent({ amountCents: 500, description: 'test', metadata: {} });
      await t.db.insert(paymentIntents).values({
        provider: 'sandbox',
        providerIntentId: remote.id,
        userId: hoarder.id,
        purpose: 'checkout',
        amountCents: 500,
      });
    }
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await createProduct(t, vendor, { priceCents: 700, stock: 3 });
    const buyer = await createUser(t);
    await addToCart(t, buyer, product.id, 1);
    const { intent, paid } = await payCart(t, buyer, { details: checkoutDetails });
    expect(paid.statusCode).toBe(200);

    const limit = 20;
    const start = Date.now() + 10_000;
    // Ahead of the paid one in the walk: the unpaid intents due before it (one asked goes behind it). The row's time
    // read back is cut to the millisecond, so the paid one itself is not among them.
    const { nextCheckAt } = await intentRow(intent.paymentIntentId);
    const [{ n: ahead }] = await t.db
      .select({ n: count() })
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.status, 'requires_confirmation'),
          sql`${paymentIntents.nextCheckAt} <= ${nextCheckAt.toISOString()}::timestamptz`,
        ),
      );
    const { asked, provider } = counting(sandbox);
    let passes = 0;
    while ((await ordersOf(buyer)) === 0 && passes < 20) {
      const now = () => new Date(start + passes * 15_000);
      asked.n = 0;
      const report = await reconcilePayments(t.db, paying(provider), { log, now, limit });
      passes += 1;
      expect(report.read.paid).toBeLessThanOrEqual(limit);
      expect(report.read.unpaid).toBeLessThanOrEqual(limit);
      // One question per intent read (a paid one asked again after its order: at most twice).
      expect(asked.n).toBeLessThanOrEqual(2 * limit);
    }
    console.info(`${ahead} unpaid intents due before the paid one, ${limit} a pass: its order on pass ${passes}`);
    expect(await ordersOf(buyer)).toBe(1);
    expect(ahead).toBeGreaterThanOrEqual(60);
    expect(passes).toBeLessThanOrEqual(Math.ceil((ahead + 1) / limit));
    // Round robin: every one of the hoarder's intents was asked about, none twice more than another.
    const attempts = (
      await t.db
        .select({ n: paymentIntents.attempts })
        .from(paymentIntents)
        .where(eq(paymentIntents.userId, hoarder.id))
    ).map((row) => row.n);
    expect(Math.min(...attempts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...attempts) - Math.min(...attempts)).toBeLessThanOrEqual(1);
  }, 60_000);
});
