import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import {
  callApi,
  embeddedDatabaseUrl,
  postmasterPid,
  runs,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitHealthy,
} from './test/server-process.ts';

// kill -9 of the real server under a loop of checkouts by several customers, then the same command again:
// it recovers by itself, and every charge ends as exactly one order or a full refund.

const CUSTOMERS = 6;
const ORDERS_BEFORE_CRASH = 12;
const PASSWORD = 'Crash#Test2026!';
const DETAILS = { name: 'Crash Tester', phoneNumber: '+1 555 010 9999', address: '1 Power Cut Road, Kent' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

let dataDir: string;
let webDir: string;
const servers: ServerProcess[] = [];
let env: Record<string, string>;
let port: number;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-crash-'));
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-crash-web-'));
  port = await freePort();
  env = {
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    SEED_DEMO: 'true',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  };
});
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(webDir, { recursive: true, force: true });
});

/** The same command each time: same settings, same port. */
function start(): ServerProcess {
  const server = spawnServer(env, port);
  servers.push(server);
  return server;
}

async function json<T>(response: Response, expected: number[]): Promise<T> {
  const body = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${response.url}: ${response.status} ${body}`);
  return JSON.parse(body) as T;
}

async function signUp(server: ServerProcess, index: number): Promise<string> {
  const email = `crash-${index}-${Date.now().toString(36)}@example.com`;
  await json(
    await callApi(server, '/users', { method: 'POST', body: { name: `Crash ${index}`, email, password: PASSWORD } }),
    [201],
  );
  const signedIn = await callApi(server, '/jwt', { method: 'POST', body: { email, password: PASSWORD } });
  return (await json<{ token: string }>(signedIn, [200])).token;
}

type Tally = { charged: number; ordered: number; chargedWithoutOrder: number };

type Plan = { shops: { shopId: string; problem: { code: string } | null }[] };
type SlotList = { slots: { id: string; kind: string; status: string; remaining: number }[] };

/** Every demo shop hands its orders over in slots: each shop still without one gets its roomiest open pickup slot. */
async function chooseSlots(server: ServerProcess, token: string) {
  const plan = await json<Plan>(await callApi(server, '/cart/fulfilment', { token }), [200]);
  for (const shop of plan.shops.filter((s) => s.problem?.code === 'SLOT_REQUIRED')) {
    const { slots } = await json<SlotList>(await callApi(server, `/shops/${shop.shopId}/slots`), [200]);
    const [roomiest] = slots
      .filter((slot) => slot.kind === 'pickup' && slot.status === 'open')
      .sort((a, b) => b.remaining - a.remaining);
    await json(
      await callApi(server, `/cart/fulfilment/${shop.shopId}`, { method: 'PUT', token, body: { slotId: roomiest.id } }),
      [200],
    );
  }
}

/**
 * One customer's checkouts, as the browser does them: add to the cart, open the payment, pay with the test
 * card (the sandbox's confirm route), then turn the payment into the order. Ends when the server is gone.
 * `onCharged` runs between the charge and the order (where the crash hurts most).
 */
async function checkoutLoop(
  server: ServerProcess,
  token: string,
  productIds: string[],
  tally: Tally,
  onCharged: () => void,
): Promise<void> {
  for (let round = 0; ; round++) {
    try {
      const productId = productIds[round % productIds.length];
      await json(
        await callApi(server, '/carts', { method: 'POST', token, body: { productId, amount: 1 } }),
        [200, 201],
      );
      await chooseSlots(server, token);
      const opened = await callApi(server, '/customer-payment', {
        method: 'POST',
        token,
        body: { price: 0, ...DETAILS },
      });
      const intent = await json<{ paymentIntentId: string; clientSecret: string }>(opened, [201]);
      const paid = await callApi(server, '/payments/sandbox/confirm', {
        method: 'POST',
        token,
        body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...CARD },
      });
      await json(paid, [200]);
      tally.charged++;
      onCharged();
      const order = await callApi(server, '/customerPayments', {
        method: 'POST',
        token,
        body: { paymentIntentId: intent.paymentIntentId, ...DETAILS },
      });
      await json(order, [200, 201]);
      tally.ordered++;
    } catch (error) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return; // the crash
      if (error instanceof TypeError) return; // fetch failed: the connection went with the server
      throw error;
    }
  }
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Paid sandbox intents that are not exactly one of: the transaction of one customer payment, refunded in full. */
const UNSETTLED = `
  SELECT i.id, i.refunded_at IS NOT NULL AS refunded, count(cp.id)::int AS payments
  FROM sandbox_payment_intents i LEFT JOIN customer_payments cp ON cp.transaction_id = i.id
  WHERE i.status = 'succeeded'
  GROUP BY i.id
  HAVING NOT ((count(cp.id) = 1) <> (i.refunded_at IS NOT NULL))`;

/** Charges so far, and those no customer payment names. */
const PAID_WITHOUT_ORDER = `
  SELECT count(*)::int AS charges,
         count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM customer_payments cp WHERE cp.transaction_id = i.id))::int
           AS "withoutOrder"
  FROM sandbox_payment_intents i WHERE i.status = 'succeeded'`;

describe('a crash under a checkout loop', () => {
  it('kill -9, then the same command: healthy within 60 s, every charge settled within 60 s, stock exact', async () => {
    const first = start();
    await waitHealthy(first, 120_000);

    const listed = await json<{ _id: string; productQuantity: { value: number }; expired: boolean }[]>(
      await callApi(first, '/allProducts?limit=60'),
      [200],
    );
    const productIds = listed
      .filter((p) => !p.expired)
      .sort((a, b) => b.productQuantity.value - a.productQuantity.value)
      .slice(0, 4)
      .map((p) => p._id);
    const initial = new Map(
      (
        await query<{ id: string; stock: number }>('SELECT id, stock FROM products WHERE id = ANY($1)', [productIds])
      ).map((r) => [r.id, r.stock]),
    );
    expect(Math.min(...initial.values())).toBeGreaterThanOrEqual(ORDERS_BEFORE_CRASH);

    const tokens = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => signUp(first, i)));
    const tally: Tally = { charged: 0, ordered: 0, chargedWithoutOrder: 0 };
    const orphan = postmasterPid(dataDir);
    let crashedAt = 0;
    const crash = () => {
      // Right after a charge, before its order is asked for: kill -9 with checkouts at every step in flight.
      if (crashedAt || tally.ordered < ORDERS_BEFORE_CRASH) return;
      crashedAt = Date.now();
      first.child.kill('SIGKILL');
    };
    await Promise.all(tokens.map((token, i) => checkoutLoop(first, token, productIds.slice(i % 2), tally, crash)));
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(runs(orphan)).toBe(true);
    // The PostgreSQL left running still answers: what the crash left, before anything recovers.
    const [left] = await query<{ charges: number; withoutOrder: number }>(PAID_WITHOUT_ORDER);
    tally.chargedWithoutOrder = left.withoutOrder;
    expect(left.withoutOrder).toBeGreaterThan(0); // at least the charge the kill came after

    const restarting = Date.now();
    const again = start();
    await waitHealthy(again, 60_000);
    const secondsToHealthy = (Date.now() - restarting) / 1000;
    expect(runs(orphan)).toBe(false);

    let unsettled = await query<{ id: string; refunded: boolean; payments: number }>(UNSETTLED);
    const settleDeadline = Date.now() + 60_000;
    while (unsettled.length > 0 && Date.now() < settleDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      unsettled = await query(UNSETTLED);
    }
    const secondsToSettle = (Date.now() - restarting) / 1000;
    const [outcomes] = await query<{ orders: number; refunds: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE email LIKE 'crash-%') AS orders,
              (SELECT count(*)::int FROM sandbox_payment_intents WHERE refunded_at IS NOT NULL) AS refunds`,
    );
    console.log(
      `Crash under a checkout loop: ${tally.ordered} orders confirmed by the browsers and ${tally.charged} charges before the kill -9; ` +
        `healthy again after ${secondsToHealthy.toFixed(1)} s; ${tally.chargedWithoutOrder} of ${left.charges} charges had no order at the crash; ` +
        `${unsettled.length} unsettled ${secondsToSettle.toFixed(1)} s after the restart (${outcomes.orders} orders, ${outcomes.refunds} refunds)`,
    );

    // No order without a payment: every order of these customers is paid by a charge that succeeded.
    const unpaidOrders = await query(`
      SELECT o.id FROM orders o
      LEFT JOIN customer_payments cp ON cp.id = o.payment_id
      LEFT JOIN sandbox_payment_intents i ON i.id = cp.transaction_id
      WHERE o.email LIKE 'crash-%' AND i.status IS DISTINCT FROM 'succeeded'`);
    expect(unpaidOrders).toEqual([]);
    expect(outcomes.orders).toBeGreaterThanOrEqual(tally.ordered);
    // No payment without a settled outcome: every charge is one order or a full refund.
    expect(unsettled).toEqual([]);
    // Stock = initial − units sold (to these customers; the demo's own orders came before).
    const sold = await query<{ id: string; stock: number; sold: number }>(
      `SELECT p.id, p.stock,
              coalesce((SELECT sum(l.amount) FROM order_lines l JOIN orders o ON o.id = l.order_id
                        WHERE l.product_id = p.id AND o.email LIKE 'crash-%'), 0)::int AS sold
       FROM products p WHERE p.id = ANY($1)`,
      [productIds],
    );
    for (const row of sold) expect(row.stock).toBe((initial.get(row.id) as number) - row.sold);

    await stopServer(again);
    expect(await again.exited).toEqual({ code: 0, signal: null });
  }, 240_000);
});
