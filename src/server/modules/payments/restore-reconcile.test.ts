import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { describeReport, reconcileAfterRestore } from '../../cli/restore-reconcile.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../../test/app.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, productRow } from '../checkout/test-fixtures.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import type { ReconcileLine, RestoreReconcileReport } from './index.ts';
import {
  expectBalanced,
  ledgerCounts,
  type ProviderRecords,
  type ProviderRig,
  runReconcileCommand,
  sandboxRig,
  snapshotDatabase,
  stripeRig,
} from './restore-fixtures.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { paymentIntents } from './tables.ts';

/**
 * Issue 29, item 5: after the database is restored to an earlier time T, `npm run reconcile -- --since T` finds every
 * charge, refund and transfer the provider made after T and brings the store's ledger back in line with it.
 *
 * Before T: a shop with a verified payout account; Ann's order (2 × $6), Ben's order (1 × $6) on its way, Cat's cart
 * (3 × $6) not yet paid; Dan has an account. After T: Cat pays (an order of $18), the shop cancels Ann's order (a $12
 * refund), Ben's order is delivered (a $5.40 transfer to the shop), Dan fills a cart and pays $6, Eve signs up and
 * pays $6. Then the database
 * is restored to T (a copy taken at T), and the command runs against the provider, which still has all of it.
 */

type Story = {
  t: TestContext;
  since: Date;
  env: Record<string, string>;
  vendor: TestUser;
  shoppers: Record<'ann' | 'ben' | 'cat' | 'dan', TestUser>;
  productId: string;
  orders: { ann: string; ben: string };
  /** The provider's intent ids. */
  paid: Record<'ann' | 'ben' | 'cat' | 'dan', string>;
  /** Eve's charge: she signed up after T, so the restored store does not know her. */
  eve: string;
  /** The provider's records just before the restore. */
  before: ProviderRecords;
};

const history = (t: TestContext, user: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/customerPayments/${user.email}`, headers: user.auth });
const shopTransfers = (t: TestContext, vendor: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/payouts/transfers', headers: vendor.auth });

const lineOf = (report: RestoreReconcileReport, id: string) => report.lines.find((line) => line.id === id);

/** Lines as the command prints them: kind, id, outcome, detail. */
function parseLines(stdout: string): Pick<ReconcileLine, 'kind' | 'id' | 'outcome'>[] {
  return stdout
    .split('\n')
    .map((line) => /^(payment|refund|transfer)\s+(\S+)\s+(\S+)/.exec(line))
    .filter((match) => match !== null)
    .map(([, kind, id, outcome]) => ({ kind, id, outcome }) as Pick<ReconcileLine, 'kind' | 'id' | 'outcome'>);
}

function restoreStory(rig: ProviderRig) {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return madeBeforeAll<Story>(async () => {
    const store = await createTestDatabase();
    cleanups.push(store.drop);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-restore-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env = { ...rig.env(), DATA_DIR: dataDir };
    const jwtSecret = randomBytes(32).toString('hex');
    const open = (url: string) => buildTestApp(url, env, { jwtSecret });

    let t = await open(store.url);
    const vendor = await createUser(t, { role: 'vendor' });
    await rig.verifyPayouts(t, vendor);
    const product = await createProduct(t, vendor, { priceCents: 600, stock: 20 });
    const shoppers = {
      ann: await createUser(t),
      ben: await createUser(t),
      cat: await createUser(t),
      dan: await createUser(t),
    };
    const checkout = async (shopper: TestUser) => {
      const intentId = await rig.pay(t, shopper);
      const order = await confirmOrder(t, shopper, intentId);
      expect(order.statusCode).toBe(201);
      return { intentId, orderId: order.json().orderId as string };
    };
    const buy = async (shopper: TestUser, amount: number) => {
      await addToCart(t, shopper, product.id, amount);
      return checkout(shopper);
    };
    const ann = await buy(shoppers.ann, 2);
    const ben = await buy(shoppers.ben, 1);
    expect((await moveOrder(t, vendor, ben.orderId, 'shipped')).statusCode).toBe(200);
    await addToCart(t, shoppers.cat, product.id, 3);
    await t.close();

    const since = new Date();
    const atT = await snapshotDatabase(store.url, 'at_t');
    cleanups.push(atT.drop);

    t = await open(store.url);
    const cat = await checkout(shoppers.cat);
    expect((await moveOrder(t, vendor, ann.orderId, 'cancelled')).statusCode).toBe(200);
    expect((await moveOrder(t, vendor, ben.orderId, 'delivered')).statusCode).toBe(200);
    const dan = await buy(shoppers.dan, 1);
    const eve = await buy(await createUser(t), 1);
    const before = await rig.records(t.db);
    expect(before.refunds.filter((r) => r.paymentIntentId === ann.intentId)).toHaveLength(1);
    expect(before.transfers.filter((tr) => tr.orderId === ben.orderId)).toHaveLength(1);
    await t.close();

    // The restore: the store's database is now the one at T.
    t = await open(atT.url);
    cleanups.push(t.close);
    return {
      t,
      since,
      env: { ...env, DATABASE_URL: atT.url, LOG_LEVEL: 'silent' },
      vendor,
      shoppers,
      productId: product.id,
      orders: { ann: ann.orderId, ben: ben.orderId },
      paid: { ann: ann.intentId, ben: ben.intentId, cat: cat.intentId, dan: dan.intentId },
      eve: eve.intentId,
      before,
    };
  });
}

/** What the operator and the clients see once the first run is done; shared by both providers. */
async function expectReconciled(story: Story, rig: ProviderRig, outcomes: Map<string, string>) {
  const { t, paid, before, vendor, shoppers } = story;
  // Cat's charge became her order again from the cart she had at T; Dan's cart at T was empty: his $6 came back.
  expect(outcomes.get(paid.cat)).toBe('order');
  expect(outcomes.get(paid.dan)).toBe('refunded');
  // Eve is not in the store at T: her charge cannot become anything here, so it is given back at the provider.
  expect(outcomes.get(story.eve)).toBe('refunded');
  const records = await rig.records(t.db);
  const eveBack = records.refunds.filter((r) => r.paymentIntentId === story.eve);
  expect(eveBack.reduce((sum, r) => sum + r.amountCents, 0)).toBe(records.charged(story.eve));
  // Ann's refund is in the ledger, but the cancellation that gave it was lost with the restore: a person cancels it.
  const annRefund = before.refunds.find((r) => r.paymentIntentId === paid.ann);
  expect(outcomes.get(annRefund?.id ?? '')).toBe('needs_person');
  const benTransfer = before.transfers.find((tr) => tr.orderId === story.orders.ben);
  expect(outcomes.get(benTransfer?.id ?? '')).toBe('recorded');

  const cat = (await history(t, shoppers.cat)).json();
  expect(cat.items).toEqual([expect.objectContaining({ price: 18, transactionId: paid.cat, refunded: 0 })]);
  expect((await history(t, shoppers.dan)).json().items).toEqual([]);
  const ann = (await history(t, shoppers.ann)).json();
  expect(ann.items).toEqual([expect.objectContaining({ price: 12, refunded: 12, refundPending: 0, netPaid: 0 })]);
  expect((await shopTransfers(t, vendor)).json().items).toEqual([
    expect.objectContaining({ orderId: story.orders.ben, amount: 5.4, state: 'paid' }),
  ]);
  // 20 in stock, 2 + 1 sold before T; Cat's 3 again after it.
  expect((await productRow(t, story.productId)).stock).toBe(14);
}

/** The operator's part, then the second run: nothing is refunded or paid twice, and nothing changes. */
async function expectSettledForGood(story: Story, rig: ProviderRig, rerun: () => Promise<RestoreReconcileReport>) {
  const { t, vendor } = story;
  const refundsBefore = (await rig.records(t.db)).refunds.length;
  // The shop cancels Ann's order again, and hands Ben's over again: the refund and the transfer are found by their keys.
  expect((await moveOrder(t, vendor, story.orders.ann, 'cancelled')).statusCode).toBe(200);
  expect((await moveOrder(t, vendor, story.orders.ben, 'delivered')).statusCode).toBe(200);
  const after = await rig.records(t.db);
  expect(after.refunds).toHaveLength(refundsBefore);
  expect(after.transfers.filter((tr) => tr.orderId === story.orders.ben)).toHaveLength(1);
  expect((await productRow(t, story.productId)).stock).toBe(16);

  const counts = await ledgerCounts(t.db);
  const again = await rerun();
  expect(again.lines.filter((line) => line.outcome !== 'ok')).toEqual([]);
  expect(describeReport(again, story.since).exitCode).toBe(0);
  expect(await ledgerCounts(t.db)).toEqual(counts);
  expect((await rig.records(t.db)).refunds).toHaveLength(refundsBefore);

  const records = await rig.records(t.db);
  for (const intentId of Object.values(story.paid)) await expectBalanced(t.db, records, intentId);
}

describe('after a restore, money is reconciled with Stripe (the stand-in)', () => {
  const standIn = madeBeforeAll(startStripeStandIn);
  afterAll(() => standIn.close());
  const rig = stripeRig(standIn);
  const story = restoreStory(rig);
  const run = () => reconcileAfterRestore(story.t.db, story.t.app.payments, story.since);

  it('the restored store has lost what happened after T', async () => {
    const { t, shoppers, vendor } = story;
    expect((await history(t, shoppers.cat)).json().items).toEqual([]);
    expect((await history(t, shoppers.ann)).json().items[0]).toMatchObject({ refunded: 0 });
    expect((await shopTransfers(t, vendor)).json().items).toEqual([]);
  });

  it('settles each lost charge, records each lost refund and transfer, and names what needs a person', async () => {
    // Another system's charge on the same Stripe account (no purpose or payer on it) is left alone.
    const stripe = createStripeProvider({
      secretKey: standIn.secretKey,
      publishableKey: 'pk_test_farmstall',
      webhookSecret: '',
      apiBase: standIn.url,
    });
    const foreign = await stripe.createIntent({ amountCents: 999, description: 'Not Farmstall', metadata: {} });
    standIn.confirm(foreign.id, 'pm_card_visa');

    const report = await run();
    expect(lineOf(report, foreign.id)).toMatchObject({ outcome: 'ok' });
    expect(standIn.refunds.filter((r) => r.payment_intent === foreign.id)).toEqual([]);
    const outcomes = new Map(report.lines.map((line) => [line.id, line.outcome]));
    await expectReconciled(story, rig, outcomes);
    expect(report.counts).toMatchObject({ order: 1, refunded: 2, recorded: 1, needs_person: 1 });
    expect(lineOf(report, story.before.refunds[0].id)?.detail).toContain(`of order ${story.orders.ann} again`);
    expect(describeReport(report, story.since).exitCode).toBe(1);
  }, 60_000);

  it('once the shop cancels the order again, a second run finds everything in place, to the cent', async () => {
    await expectSettledForGood(story, rig, run);
  }, 60_000);
});

describe('after a restore, money is reconciled with the sandbox (its journal outside the database)', () => {
  const rig = sandboxRig;
  const story = restoreStory(rig);
  const since = () => ['--since', story.since.toISOString()];

  it('the restored store has lost what happened after T, the sandbox’s records with it', async () => {
    const { t, shoppers, paid } = story;
    expect((await history(t, shoppers.cat)).json().items).toEqual([]);
    expect(await t.app.payments.active.retrieveIntent(paid.cat)).toBeNull();
  });

  it('a dry run only reports; the command then settles and records each, and names what needs a person', async () => {
    const { t, env, paid } = story;
    const counts = await ledgerCounts(t.db);
    const dry = await runReconcileCommand(env, [...since(), '--dry-run']);
    expect(dry.stderr).not.toMatch(/error/i);
    expect(dry.code).toBe(3);
    expect(parseLines(dry.stdout).find((line) => line.id === paid.cat)?.outcome).toBe('would_change');
    expect(await ledgerCounts(t.db)).toEqual(counts);

    const done = await runReconcileCommand(env, since());
    expect(done.stderr).not.toMatch(/error/i);
    expect(done.code).toBe(1);
    expect(done.stdout).toMatch(/1 order, 2 refunded, 1 recorded, 1 needs_person\.\n1 needs a person/);
    await expectReconciled(story, rig, new Map(parseLines(done.stdout).map((line) => [line.id, line.outcome])));
    // The sandbox answers for the charge again, from its journal.
    expect((await t.app.payments.active.retrieveIntent(paid.cat))?.status).toBe('succeeded');
  }, 60_000);

  it('once the shop cancels the order again, a second run finds everything in place, to the cent', async () => {
    await expectSettledForGood(story, rig, () => reconcileAfterRestore(story.t.db, story.t.app.payments, story.since));
    const [recorded] = await story.t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, story.paid.cat));
    expect(recorded.status).toBe('settled');
  }, 60_000);
});
