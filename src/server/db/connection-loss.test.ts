import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  embeddedDatabaseUrl,
  postmasterPid,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitHealthy,
} from '../test/server-process.ts';
import { freePort } from './embedded.ts';

// Issue 29, item 1: a lost database connection is never a crash. One real server on its embedded PostgreSQL,
// shoppers checking out in a loop; meanwhile every session of the database is terminated three times, then the
// postmaster is killed with kill -9. The server stays up, answers 503 (never 500) while the database is away,
// serves again by itself, and every charge ends as one order or a refund with the stock exact.

const SHOPPERS = 6;
const TERMINATIONS = 3;
/** Orders confirmed between two faults: the checkouts really went on after each. */
const ORDERS_BETWEEN_FAULTS = 3;
const PASSWORD = 'Blip#Test2026!';
const DETAILS = { name: 'Blip Tester', phoneNumber: '+1 555 010 2929', address: '2 Lost Line Lane, Kent' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

let dataDir: string;
let webDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-blip-'));
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-blip-web-'));
  server = spawnServer(
    { DATA_DIR: dataDir, WEB_DIR: webDir, SEED_DEMO: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' },
    await freePort(),
  );
});
afterAll(async () => {
  await stopServer(server);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(webDir, { recursive: true, force: true });
});

/** Every answer the shoppers got, by status; 'dropped' when the connection failed without one. */
const answers = new Map<number | 'dropped', number>();
const count = (key: number | 'dropped') => answers.set(key, (answers.get(key) ?? 0) + 1);

/** Statuses other than 2xx and 503, with what the server said, for the failure message. */
const unexpected: string[] = [];

class Unavailable extends Error {}
class Refused extends Error {}

/** One call as a browser makes it: 503 and other 4xx end the step, anything else but 2xx is noted. */
async function ask<T>(url: string, init: Parameters<typeof callApi>[2] = {}): Promise<T> {
  let response: Response;
  try {
    response = await callApi(server, url, init);
  } catch (error) {
    count('dropped');
    throw error;
  }
  count(response.status);
  const text = await response.text();
  if (response.status === 503) {
    if (!/^\d+$/.test(response.headers.get('retry-after') ?? '')) unexpected.push(`${url}: 503 without Retry-After`);
    throw new Unavailable(text);
  }
  if (response.status >= 400) {
    if (response.status >= 500 || response.status === 400) unexpected.push(`${init.method ?? 'GET'} ${url}: ${text}`);
    throw new Refused(`${response.status} ${text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signUp(index: number): Promise<string> {
  const email = `blip-${index}-${Date.now().toString(36)}@example.com`;
  await ask('/users', { method: 'POST', body: { name: `Blip ${index}`, email, password: PASSWORD } });
  return (await ask<{ token: string }>('/jwt', { method: 'POST', body: { email, password: PASSWORD } })).token;
}

type Plan = { shops: { shopId: string; problem: { code: string } | null }[] };
type SlotList = { slots: { id: string; kind: string; status: string; remaining: number }[] };

/** Every demo shop hands its orders over in slots: each shop still without one gets its roomiest open pickup slot. */
async function chooseSlots(token: string) {
  const plan = await ask<Plan>('/cart/fulfilment', { token });
  for (const shop of plan.shops.filter((s) => s.problem?.code === 'SLOT_REQUIRED')) {
    const { slots } = await ask<SlotList>(`/shops/${shop.shopId}/slots`);
    const [roomiest] = slots
      .filter((slot) => slot.kind === 'pickup' && slot.status === 'open')
      .sort((a, b) => b.remaining - a.remaining);
    await ask(`/cart/fulfilment/${shop.shopId}`, { method: 'PUT', token, body: { slotId: roomiest.id } });
  }
}

/** One checkout as the browser does it: add to the cart, open the payment, pay with the test card, ask for the order. */
async function checkout(token: string, productId: string) {
  await ask('/carts', { method: 'POST', token, body: { productId, amount: 1 } });
  await chooseSlots(token);
  const intent = await ask<{ paymentIntentId: string; clientSecret: string }>('/customer-payment', {
    method: 'POST',
    token,
    body: { price: 0, ...DETAILS },
  });
  await ask('/payments/sandbox/confirm', {
    method: 'POST',
    token,
    body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...CARD },
  });
  await ask('/customerPayments', {
    method: 'POST',
    token,
    body: { paymentIntentId: intent.paymentIntentId, ...DETAILS },
  });
}

const tally = { ordered: 0, unavailable: 0, refused: 0 };
let shopping = true;

/** A shopper's checkouts until told to stop; a 503 or a refusal starts the next one a moment later. */
async function shop(token: string, productIds: string[]) {
  for (let round = 0; shopping; round++) {
    try {
      await checkout(token, productIds[round % productIds.length]);
      tally.ordered++;
    } catch (error) {
      if (error instanceof Unavailable) tally.unavailable++;
      else if (error instanceof Refused) tally.refused++;
      else {
        // fetch failed (counted as dropped: the server is gone), or an answer that is not what the API promises
        if (!(error instanceof TypeError)) unexpected.push(String(error));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Waits for `more` orders beyond the count now, failing if the shoppers stop making any. */
async function ordersGoOn(more: number) {
  const target = tally.ordered + more;
  const deadline = Date.now() + 60_000;
  while (tally.ordered < target) {
    if (Date.now() > deadline || server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`No checkouts complete any more: ${JSON.stringify(tally)}\n${server.errors().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pid of the postmaster running now, 0 while there is none. */
function restartedPid(): number {
  try {
    return postmasterPid(dataDir) || 0;
  } catch {
    return 0;
  }
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Ends every other session of the app's database, as an operator's pg_terminate_backend does (57P01). */
async function terminateEverySession(): Promise<number> {
  const [{ ended }] = await query<{ ended: number }>(
    `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
     WHERE pid <> pg_backend_pid() AND datname = current_database()`,
  );
  return ended;
}

/** Paid sandbox intents that are not exactly one of: the transaction of one customer payment, refunded in full. */
const UNSETTLED = `
  SELECT i.id FROM sandbox_payment_intents i LEFT JOIN customer_payments cp ON cp.transaction_id = i.id
  WHERE i.status = 'succeeded'
  GROUP BY i.id
  HAVING NOT ((count(cp.id) = 1) <> (i.refunded_at IS NOT NULL))`;

describe('a lost database connection under a checkout loop', () => {
  it('sessions terminated three times and PostgreSQL killed: the server stays up, 503 meanwhile, money and stock exact', async () => {
    await waitHealthy(server, 120_000);
    const listed =
      await ask<{ _id: string; productQuantity: { value: number }; expired: boolean }[]>('/allProducts?limit=60');
    const productIds = listed
      .filter((p) => !p.expired)
      .sort((a, b) => b.productQuantity.value - a.productQuantity.value)
      .slice(0, 2)
      .map((p) => p._id);
    const initial = new Map(
      (
        await query<{ id: string; stock: number }>('SELECT id, stock FROM products WHERE id = ANY($1)', [productIds])
      ).map((r) => [r.id, r.stock]),
    );
    const tokens = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => signUp(i)));

    const shoppers = Promise.all(tokens.map((token, i) => shop(token, i % 2 ? productIds : productIds.toReversed())));
    const ended: number[] = [];
    let secondsToRecover = Number.NaN;
    try {
      for (let i = 0; i < TERMINATIONS; i++) {
        await ordersGoOn(ORDERS_BETWEEN_FAULTS);
        ended.push(await terminateEverySession());
      }
      await ordersGoOn(ORDERS_BETWEEN_FAULTS);
      const killed = Date.now();
      const first = postmasterPid(dataDir);
      process.kill(first, 'SIGKILL');
      // Healthy on the PostgreSQL started again (a backend of the killed one may answer for a moment).
      for (;;) {
        const health = await fetch(`http://127.0.0.1:${server.port}/api/health`).catch(() => undefined);
        const restarted = health?.status === 200 && [0, first].every((pid) => pid !== restartedPid());
        if (restarted || Date.now() - killed > 30_000) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      secondsToRecover = (Date.now() - killed) / 1000;
      await ordersGoOn(ORDERS_BETWEEN_FAULTS);
    } finally {
      shopping = false;
      await shoppers;
    }

    // The jobs settle what the lost answers left open: each paid intent becomes its order or a refund.
    let unsettled = await query<{ id: string }>(UNSETTLED);
    const settleDeadline = Date.now() + 60_000;
    while (unsettled.length > 0 && Date.now() < settleDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      unsettled = await query(UNSETTLED);
    }
    const [outcomes] = await query<{ orders: number; refunds: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE email LIKE 'blip-%') AS orders,
              (SELECT count(*)::int FROM sandbox_payment_intents WHERE refunded_at IS NOT NULL) AS refunds`,
    );
    const by = (test: (status: number) => boolean) =>
      [...answers].filter(([status]) => status !== 'dropped' && test(status)).reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `Lost connections under a checkout loop: sessions ended ${ended.join(', ')} times; ` +
        `healthy again ${secondsToRecover.toFixed(1)} s after kill -9 of PostgreSQL; answers: ${by((s) => s < 300)} 2xx, ` +
        `${answers.get(503) ?? 0} 503, ${by((s) => s >= 400 && s < 500)} 4xx, ${by((s) => s >= 500 && s !== 503)} other 5xx, ` +
        `${answers.get('dropped') ?? 0} dropped; ${tally.ordered} checkouts confirmed to the browser ` +
        `(${outcomes.orders} orders, ${outcomes.refunds} refunds, ${unsettled.length} charges unsettled)`,
    );

    expect(server.child.exitCode).toBeNull();
    // The job runner's reports of the lost connections name what happened.
    expect(server.output()).toContain('"msg":"Job queue error"');
    expect(server.output()).not.toContain('A value that is not an Error was thrown');
    expect(server.child.signalCode).toBeNull();
    expect(answers.get('dropped') ?? 0).toBe(0);
    expect(by((s) => s >= 500 && s !== 503)).toBe(0);
    expect(unexpected).toEqual([]);
    expect(answers.get(503) ?? 0).toBeGreaterThan(0);
    expect(secondsToRecover).toBeLessThanOrEqual(20);
    expect(unsettled).toEqual([]);
    expect(outcomes.orders).toBeGreaterThanOrEqual(tally.ordered);
    const sold = await query<{ id: string; stock: number; sold: number }>(
      `SELECT p.id, p.stock,
              coalesce((SELECT sum(l.amount) FROM order_lines l JOIN orders o ON o.id = l.order_id
                        WHERE l.product_id = p.id AND o.email LIKE 'blip-%'), 0)::int AS sold
       FROM products p WHERE p.id = ANY($1)`,
      [productIds],
    );
    for (const row of sold) expect(row.stock).toBe((initial.get(row.id) as number) - row.sold);
  }, 240_000);
});
