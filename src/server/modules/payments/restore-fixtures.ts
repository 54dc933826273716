import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { SANDBOX_TEST_BANK } from '#contract/payouts.ts';
import type { Db } from '../../db/client.ts';
import type { TestContext } from '../../test/app.ts';
import { withDatabase } from '../../test/global-setup.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import type { TestUser } from '../../test/users.ts';
import { checkoutDetails, payCart, startPayment } from '../checkout/test-fixtures.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import {
  paymentIntents,
  refunds,
  sandboxPaymentIntents,
  sandboxRefunds,
  sandboxTransfers,
  transferReversals,
  transfers,
} from './tables.ts';

/** What the provider itself holds (Stripe's stand-in, or the sandbox's own records): the truth a restore cannot undo. */
export type ProviderRecords = {
  charged: (intentId: string) => number;
  refunds: { id: string; paymentIntentId: string; amountCents: number }[];
  transfers: { id: string; amountCents: number; reversedCents: number; orderId: string }[];
};

/** A provider the restore test runs against: its settings, how a shop is verified and a cart paid, its records. */
export type ProviderRig = {
  env: () => Record<string, string>;
  verifyPayouts: (t: TestContext, vendor: TestUser) => Promise<void>;
  /** Starts checkout with the delivery details and pays it at the provider; answers the intent id. */
  pay: (t: TestContext, shopper: TestUser) => Promise<string>;
  records: (db: Db) => Promise<ProviderRecords>;
};

const call = (t: TestContext, user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, payload });

export const sandboxRig: ProviderRig = {
  env: () => ({ PAYMENT_PROVIDER: 'sandbox' }),
  async verifyPayouts(t, vendor) {
    await call(t, vendor, 'POST', '/api/payouts/account');
    const done = await call(t, vendor, 'POST', '/api/payouts/sandbox/onboarding', {
      accountHolder: 'Restore Farm',
      ...SANDBOX_TEST_BANK,
    });
    expect(done.json().status).toBe('verified');
  },
  async pay(t, shopper) {
    const { intent, paid } = await payCart(t, shopper, { details: checkoutDetails });
    expect(paid.statusCode).toBe(200);
    return intent.paymentIntentId;
  },
  async records(db) {
    const intents = await db.select().from(sandboxPaymentIntents);
    const given = await db.select().from(sandboxRefunds);
    const sent = await db.select().from(sandboxTransfers);
    return {
      charged: (id) => {
        const intent = intents.find((row) => row.id === id);
        return intent?.status === 'succeeded' ? (intent.amountCapturedCents ?? intent.amountCents) : 0;
      },
      refunds: given.map((row) => ({ id: row.id, paymentIntentId: row.paymentIntentId, amountCents: row.amountCents })),
      transfers: sent.map((row) => ({
        id: row.id,
        amountCents: row.amountCents,
        reversedCents: row.amountReversedCents,
        orderId: row.metadata.orderId,
      })),
    };
  },
};

export function stripeRig(standIn: StripeStandIn): ProviderRig {
  return {
    env: () => ({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_farmstall',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_farmstall',
      STRIPE_API_BASE: standIn.url,
    }),
    async verifyPayouts(t, vendor) {
      await call(t, vendor, 'POST', '/api/payouts/account');
      const account = [...standIn.accounts.values()].find((a) => a.email === vendor.email);
      standIn.completeOnboarding(account?.id ?? '');
      // The vendor coming back from Stripe's onboarding reads the account back.
      expect((await call(t, vendor, 'GET', '/api/payouts/account')).json().status).toBe('verified');
    },
    async pay(t, shopper) {
      const started = await startPayment(t, shopper, { price: 0, ...checkoutDetails });
      expect(started.statusCode).toBe(201);
      const { paymentIntentId } = started.json() as { paymentIntentId: string };
      standIn.confirm(paymentIntentId, 'pm_card_visa');
      return paymentIntentId;
    },
    async records() {
      return {
        charged: (id) => {
          const intent = standIn.intents.get(id);
          return intent?.status === 'succeeded' ? intent.amount_received : 0;
        },
        refunds: standIn.refunds.map((r) => ({ id: r.id, paymentIntentId: r.payment_intent, amountCents: r.amount })),
        transfers: standIn.transfers.map((tr) => ({
          id: tr.id,
          amountCents: tr.amount,
          reversedCents: tr.amount_reversed,
          orderId: tr.metadata.orderId,
        })),
      };
    },
  };
}

/**
 * A copy of the database as it is now (CREATE DATABASE … TEMPLATE, as each test file gets its own): the point a
 * restore goes back to. No one may be connected to it while it is copied.
 */
export async function snapshotDatabase(url: string, suffix: string) {
  const serverUrl = inject('databaseUrl');
  const name = `${new URL(url).pathname.slice(1)}_${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(url).pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** How many ledger rows of each status the store holds: equal before and after a run that changes nothing. */
export async function ledgerCounts(db: Db) {
  const count = (table: typeof paymentIntents | typeof refunds | typeof transfers) =>
    db
      .select({ status: table.status, rows: sql<number>`count(*)::int` })
      .from(table)
      .groupBy(table.status)
      .orderBy(table.status);
  const [{ orderCount }] = await db.select({ orderCount: sql<number>`count(*)::int` }).from(orders);
  return {
    intents: await count(paymentIntents),
    refunds: await count(refunds),
    transfers: await count(transfers),
    orders: orderCount,
  };
}

const sum = (rows: { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);

/**
 * The ledger invariant of decision 023 for one payment, to the cent, against the provider's own records: charged =
 * refunded + transferred (less reversals) + commission + tax kept + still owed (live lines of parts not yet paid
 * out); and the store's refunds and transfers are the provider's, id for id.
 */
export async function expectBalanced(db: Db, records: ProviderRecords, providerIntentId: string) {
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.providerIntentId, providerIntentId));
  const charged = records.charged(providerIntentId);
  const given = (await db.select().from(refunds).where(eq(refunds.paymentIntentId, intent.id))).filter(
    (row) => row.status === 'succeeded',
  );
  const atProvider = records.refunds.filter((r) => r.paymentIntentId === providerIntentId);
  expect(given.map((r) => r.providerRefundId).sort()).toEqual(atProvider.map((r) => r.id).sort());
  expect(sum(given)).toBe(sum(atProvider));

  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(customerPayments.transactionId, providerIntentId));
  const paidOut = await db.select().from(transfers).where(eq(transfers.paymentIntentId, intent.id));
  const reversed = paidOut.length
    ? await db
        .select()
        .from(transferReversals)
        .where(
          inArray(
            transferReversals.transferId,
            paidOut.map((row) => row.id),
          ),
        )
    : [];
  const sentForOrder = records.transfers.filter((tr) => order && tr.orderId === order.id);
  expect(paidOut.map((row) => [row.providerTransferId, row.amountCents]).sort()).toEqual(
    sentForOrder.map((tr) => [tr.id, tr.amountCents]).sort(),
  );
  const lines = order ? await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)) : [];
  const paidShops = new Set(paidOut.map((row) => row.shopId));
  // The orders of these tests have no tax, coupon or delivery fee: a live line is owed its total.
  const owed = lines
    .filter((line) => line.status !== 'cancelled' && !paidShops.has(line.vendorId))
    .reduce((total, line) => total + line.totalCents, 0);
  const kept = (rows: { commissionCents: number; taxCents: number }[]) =>
    rows.reduce((total, row) => total + row.commissionCents + row.taxCents, 0);
  expect(
    sum(given) + sum(paidOut) - sum(reversed) + kept(paidOut) - kept(reversed) + owed,
    JSON.stringify({ providerIntentId, charged, given, paidOut, owed }),
  ).toBe(charged);
}

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const NODE_24 = path.join(ROOT, 'node_modules/.bin/node');

/** `npm run reconcile -- <args>` as an operator runs it: a process of its own on the store's settings. */
export function runReconcileCommand(env: Record<string, string>, args: string[]) {
  const child = spawn(existsSync(NODE_24) ? NODE_24 : process.execPath, ['src/server/cli/reconcile.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}
