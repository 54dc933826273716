import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Measure, measure } from '../bench/measure.ts';
import { replaceSection } from '../bench/report-section.ts';
import { APP_ROLE } from '../scripts/cluster/app-role.ts';
import { type Cluster, startCluster } from '../scripts/cluster/index.ts';
import { installCommand, missingPackages } from '../scripts/cluster/packages.ts';
import { freePort, ownedFolder, postgresServer } from '../scripts/cluster/postgres.ts';
import { signAccessToken } from '../src/server/modules/auth/index.ts';
import { answeredBy, between, readAccessLog, upstreams } from './access-log.ts';
import {
  type Answer,
  becomeVendor,
  call,
  confirm,
  intentOf,
  listProduct,
  payForOne,
  type Shopper,
  signUp,
  verificationTokenOf,
} from './shop.ts';

/**
 * `npm run test:cluster`: one cluster (scripts/cluster: nginx, app servers, PgBouncer, a PostgreSQL primary and
 * its streaming replica) for the whole file, everything asked through nginx's address; the primary is read
 * directly only to count orders, stock and payments at the end of a scenario. Figures go to docs/performance.md.
 */
const started = Date.now();
const loadAtStart = os.loadavg()[0];
const JWT_SECRET = randomBytes(32).toString('hex');
/** Each catalog run: autocannon in its own process, seconds of warm-up, then seconds measured. */
const CATALOG_LOAD = { connections: 50, warmup: 1, duration: 2 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let dir = '';
let cluster: Cluster;
let db: pg.Pool;
let base: string;
let vendor: Shopper;
/** Buyers whose cart is empty after the first scenario (their order took it). */
let freeBuyers: Shopper[] = [];
const catalogPaths: string[] = [];

const figures: {
  catalog: { servers: number; result: Measure; servedBy: number }[];
  lastUnits?: { buyers: number; payMs: number; confirmMs: number; orders: number; refunded: number };
  faults?: {
    buyers: number;
    runMs: number;
    requests: number;
    failedInFlight: number;
    resent: number;
    unitsSold: number;
    stock: number;
    orders: number;
    soldOut: number;
    killAfterMs: number;
    killToLastFailureMs: number;
    killToHeldOutMs: number;
    retriedAfterKill: number;
    restartToRotationMs: number;
    settleWaitMs: number;
    lostConfirmsSettled: number;
  };
  replica?: { result: Measure; stoppedAfterMs: number; backMs: number };
  backup?: { checkMs: number; backupMs: number; size: number; segments: string };
  restore?: { orders: number; restored: number; onReplica: number; restoreMs: number; recoveryMs: number };
  outages?: {
    reads: number;
    buyers: number;
    requests: number;
    orders: number;
    failed: number;
    awayMs: number[];
    firstOrderAfterMs: number[];
    settleWaitMs: number;
  };
} = { catalog: [] };

const query = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

beforeAll(async () => {
  const missing = missingPackages();
  if (missing.length > 0) throw new Error(`The cluster needs Debian packages: ${installCommand(missing)}`);
  dir = mkdtempSync('/tmp/farmstall-cluster-test-');
  // One server first: the catalog is measured with 1, then 2, then 3 servers in nginx's upstream.
  cluster = await startCluster({
    servers: 1,
    dir,
    // PostgreSQL's own lines stay in the cluster's logs folder.
    log: (line) => /^\[(primary|replica)\]/.test(line) || console.log(`[cluster] ${line}`),
    // No demo catalog (the scenarios make their own products); a known token secret signs the buyers' tokens.
    env: {
      SEED_DEMO: 'false',
      JWT_SECRET,
    },
  });
  base = cluster.url;
  // As the superuser: the test counts, truncates and sets restore points where the app role may not.
  db = new pg.Pool({ connectionString: cluster.adminUrl, max: 4 });
  // The primary's restarts end its idle connections: the next query opens a new one.
  db.on('error', () => undefined);
  const newcomer = await signUp(base, 'Cluster Vendor');
  vendor = await becomeVendor(base, newcomer, await verificationTokenOf(query, newcomer.email));
}, 180_000);

let failed = false;
afterEach(({ task }) => {
  if (task.result?.state === 'fail') failed = true;
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  if (failed || !cluster) console.log(`The cluster's logs are kept in ${dir}/logs`);
  else if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** `work` on every item, at most `size` at a time, the results in the items' order. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  return results;
}

/** Product rows and sales, read on the primary. */
async function stockAndSold(productId: string) {
  const [{ stock }] = await query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]);
  const [{ sold }] = await query<{ sold: number }>(
    'SELECT coalesce(sum(amount), 0)::int AS sold FROM order_lines WHERE product_id = $1',
    [productId],
  );
  return { stock, sold };
}

/** An app server's environment as it was started (/proc/PID/environ). */
async function environmentOf(pid: number): Promise<Record<string, string>> {
  const lines = (await fs.readFile(`/proc/${pid}/environ`, 'utf8')).split('\0').filter(Boolean);
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

describe("the app servers' database role", () => {
  it('is not a superuser on the pooler, the primary and the replica, and owns the tables its migrations made', async () => {
    const env = await environmentOf(cluster.servers[0].pid);
    const roles = [];
    for (const setting of ['DATABASE_URL', 'DATABASE_DIRECT_URL', 'READ_DATABASE_URL']) {
      const client = new pg.Client({ connectionString: env[setting] });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT current_user AS role, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls
           FROM pg_roles WHERE rolname = current_user`,
        );
        roles.push({ setting, ...rows[0] });
      } finally {
        await client.end();
      }
    }
    const plain = { role: APP_ROLE, rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolreplication: false };
    expect(roles).toEqual(
      ['DATABASE_URL', 'DATABASE_DIRECT_URL', 'READ_DATABASE_URL'].map((setting) => ({
        setting,
        ...plain,
        rolbypassrls: false,
      })),
    );
    // The servers migrated as that role: it owns the database, every table and the migrator's and job queue's schemas;
    // the superuser only the extensions.
    const owners = await query<{ what: string; owner: string }>(
      `SELECT DISTINCT 'table' AS what, tableowner AS owner FROM pg_tables WHERE schemaname = 'public'
       UNION ALL SELECT 'database', pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()
       UNION ALL SELECT 'extension ' || extname, pg_get_userbyid(extowner) FROM pg_extension WHERE extname <> 'plpgsql'
       UNION SELECT 'schema', pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname IN ('drizzle', 'pgboss')
       ORDER BY 1`,
    );
    const superuser = new URL(cluster.adminUrl).username;
    expect(owners).toEqual([
      { what: 'database', owner: APP_ROLE },
      { what: 'extension cube', owner: superuser },
      { what: 'extension earthdistance', owner: superuser },
      { what: 'extension pg_trgm', owner: superuser },
      { what: 'schema', owner: APP_ROLE },
      { what: 'table', owner: APP_ROLE },
    ]);
  });
});

describe('the catalog through nginx', () => {
  it('answers every listing, product and search read with 1, 2 and 3 app servers, each server taking its share', async () => {
    const productId = await listProduct(base, vendor, { name: 'Cluster truffle honey', stock: 50, category: 'sweet' });
    catalogPaths.push(
      '/api/products?category=sweet&limit=20',
      `/api/singleProduct/${productId}`,
      '/api/search?q=truffle%20honey',
    );
    for (let servers = 1; servers <= 3; servers++) {
      if (servers > 1) await cluster.startServer();
      const from = Date.now();
      const result = await measure(`${base}${catalogPaths[0]}`, {}, { ...CATALOG_LOAD, paths: catalogPaths });
      const servedBy = new Set(between(readAccessLog(cluster.nginxAccessLog), from, Date.now()).map(answeredBy)).size;
      figures.catalog.push({ servers, result, servedBy });
      console.log(
        `catalog, ${servers} server(s): ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, errors ${result.errors}, answered by ${servedBy}`,
      );
      expect(result.errors).toBe(0);
      expect(result.total).toBeGreaterThan(0);
      expect(servedBy).toBe(servers);
    }
  });
});

describe('200 buyers for the last 50 units', () => {
  it('sells exactly 50: 50 orders, stock 0, 150 answered sold out with their payments refunded', async () => {
    const productId = await listProduct(base, vendor, { name: 'Cluster saffron', stock: 50, category: 'regional' });
    // The buyers' accounts are inserted and their tokens signed with the servers' secret (200 sign-ups and
    // sign-ins would spend the run hashing passwords): they arrive signed in.
    const emails = Array.from({ length: 200 }, (_, i) => `buyer${i}-${Date.now()}@example.com`);
    const ids = await query<{ id: string; email: string }>(
      `INSERT INTO users (name, email, role) SELECT 'Buyer ' || i, email, 'customer'
       FROM unnest($1::text[]) WITH ORDINALITY AS e(email, i) RETURNING id, email`,
      [emails],
    );
    const buyers: Shopper[] = await Promise.all(
      ids.map(async ({ id, email }, i) => ({
        email,
        password: '',
        address: `198.19.0.${i + 1}`,
        token: await signAccessToken({ sub: id, email, role: 'customer', ver: 0 }, JWT_SECRET),
      })),
    );
    // They fill their carts and pay 25 at a time; then all 200 confirm at the same moment.
    const payFrom = Date.now();
    const paid = await inBatches(buyers, 25, (buyer) => payForOne(base, buyer, productId));
    const payMs = Date.now() - payFrom;
    expect(paid.map((steps) => steps.map((a) => a.status).join(' '))).toEqual(Array(200).fill('201 201 200'));

    const from = Date.now();
    const answers = await Promise.all(buyers.map((buyer, i) => confirm(base, buyer, intentOf(paid[i][1]))));
    const confirmMs = Date.now() - from;

    const sold = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    // Every buyer is answered sold or sold out (a run on a loaded machine once had one of neither: say which).
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
    expect(sold).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const answer of refused)
      expect((answer.body as { error: { message: string } }).error.message).toBe(
        'Cluster saffron is sold out. Your payment was refunded and nothing was charged.',
      );
    expect(await stockAndSold(productId)).toEqual({ stock: 0, sold: 50 });
    const intents = paid.map((steps) => intentOf(steps[1]));
    const states = await query<{ status: string; provider_status: string; refunded: boolean; order: boolean }>(
      `SELECT pi.status, s.status AS provider_status, s.refunded_at IS NOT NULL AS refunded,
              EXISTS (SELECT 1 FROM customer_payments c WHERE c.transaction_id = pi.provider_intent_id) AS order
       FROM payment_intents pi JOIN sandbox_payment_intents s ON s.id = pi.provider_intent_id
       WHERE pi.provider_intent_id = ANY($1)`,
      [intents],
    );
    const count = (predicate: (s: (typeof states)[number]) => boolean) => states.filter(predicate).length;
    expect(count((s) => s.provider_status === 'succeeded')).toBe(200);
    expect(count((s) => s.status === 'settled' && s.order && !s.refunded)).toBe(50);
    expect(count((s) => s.status === 'refunded' && s.refunded && !s.order)).toBe(150);

    freeBuyers = buyers.filter((_, i) => answers[i].status === 201);
    figures.lastUnits = { buyers: 200, payMs, confirmMs, orders: sold.length, refunded: refused.length };
  });
});

describe('faults in the middle of a checkout run', () => {
  it('kill -9 of server 1 and a restart of server 2: 5xx only for what was in flight to the killed one, no unit oversold, every charge settled', async () => {
    const STOCK = 150;
    const productId = await listProduct(base, vendor, { name: 'Cluster cider', stock: STOCK, category: 'beverage' });
    const killed = `127.0.0.1:${cluster.servers[0].port}`;
    const restarted = `127.0.0.1:${cluster.servers[1].port}`;
    const buyers = freeBuyers.slice(0, 30);
    expect(buyers).toHaveLength(30);
    const answers: Answer[] = [];
    let running = true;
    const shop = async (buyer: Shopper) => {
      while (running) {
        const steps = await payForOne(base, buyer, productId);
        answers.push(...steps);
        if (steps[2]?.status === 200) answers.push(await confirm(base, buyer, intentOf(steps[1])));
      }
    };
    const runStart = Date.now();
    const shopping = Promise.all(buyers.map(shop));

    await sleep(3_000);
    const killedAt = Date.now();
    await cluster.kill(0, 'SIGKILL');
    const exitedAt = Date.now();
    await sleep(2_000);
    const restartAt = Date.now();
    await cluster.restart(1);
    const restartMs = Date.now() - restartAt;
    // Shopping goes on until nginx sends requests to the restarted server again (its passive check holds a
    // failed server out for 5 s), for 15 s at most.
    const answeredByRestarted = () =>
      between(readAccessLog(cluster.nginxAccessLog), restartAt + restartMs, Date.now()).find(
        (line) => answeredBy(line) === restarted,
      );
    let backInRotation = answeredByRestarted();
    for (const waitFrom = Date.now(); !backInRotation && Date.now() - waitFrom < 15_000; ) {
      await sleep(250);
      backInRotation = answeredByRestarted();
    }
    await sleep(1_000);
    running = false;
    await shopping;
    const runEnd = Date.now();

    // Every answer of 500 or more (or none at all) must be a request nginx had sent to the killed server, sent
    // before it died and answered after: nothing else may fail, the restarted server's requests included.
    const log = readAccessLog(cluster.nginxAccessLog);
    expect(between(log, runStart, killedAt).filter((line) => answeredBy(line) === killed).length).toBeGreaterThan(0);
    const failed = answers.filter((a) => a.status >= 500 || a.status === 0);
    const unexplained = failed.filter((a) => {
      const line = log.byProbe.get(a.probe);
      const inFlight = a.sentAt <= exitedAt && a.answeredAt >= killedAt;
      return !(line && inFlight && answeredBy(line) === killed);
    });
    expect
      .soft(unexplained.map((a) => ({ ...a, sentAfterKillMs: a.sentAt - killedAt, line: log.byProbe.get(a.probe) })))
      .toEqual([]);

    // nginx never sends a POST again once it has reached a server: one the client sent well before the kill
    // (200 ms, far longer than nginx takes to pass it on) and that nginx tried on the killed server first is
    // answered by that server (502), never passed on to another.
    const postsSentTwice = answers.filter((a) => {
      const line = log.byProbe.get(a.probe);
      return line && a.sentAt < killedAt - 200 && upstreams(line)[0] === killed && answeredBy(line) !== killed;
    });
    expect.soft(postsSentTwice.map((a) => ({ ...a, line: log.byProbe.get(a.probe) }))).toEqual([]);

    // A request the client sent again (nginx closed the kept-alive connection it went out on) never reached nginx
    // the first time: nginx logged no line for that attempt.
    const resent = answers.filter((a) => a.unanswered !== undefined);
    expect.soft(resent.filter((a) => log.byProbe.has(a.unanswered ?? ''))).toEqual([]);

    // nginx holds the killed server out from its first failure (the first request in flight to it, or the
    // first refused connection); after that it only tries it again to pass the request on to a live one.
    const toKilled = between(log, killedAt, runEnd).filter((line) => upstreams(line).includes(killed));
    const passedOn = toKilled.filter((line) => answeredBy(line) !== killed);
    expect(backInRotation).toBeDefined();

    // The paid intents whose confirm was lost are settled by the reconciliation job (every 15 s, on every
    // process, for intents older than 5 s): wait for it, then every charge is an order or a refund.
    const unsettled = () =>
      query<{ id: string; status: string }>(
        `SELECT pi.id, pi.status FROM payment_intents pi JOIN sandbox_payment_intents s ON s.id = pi.provider_intent_id
         WHERE s.status = 'succeeded' AND pi.status NOT IN ('settled', 'refunded')`,
      );
    const waitFrom = Date.now();
    while ((await unsettled()).length > 0 && Date.now() - waitFrom < 45_000) await sleep(500);
    const settleWaitMs = Date.now() - waitFrom;
    expect(await unsettled()).toEqual([]);
    const wrong = await query<{ id: string }>(
      `SELECT pi.id FROM payment_intents pi JOIN sandbox_payment_intents s ON s.id = pi.provider_intent_id
       WHERE s.status = 'succeeded' AND NOT (
         (pi.status = 'settled' AND EXISTS (SELECT 1 FROM customer_payments c WHERE c.transaction_id = pi.provider_intent_id))
         OR (pi.status = 'refunded' AND s.refunded_at IS NOT NULL))`,
    );
    expect(wrong).toEqual([]);

    const { stock, sold } = await stockAndSold(productId);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + sold).toBe(STOCK);

    const confirms = answers.filter((a) => a.path === '/customerPayments');
    expect(confirms.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    const [{ paid }] = await query<{ paid: number }>(
      `SELECT count(*)::int AS paid FROM payment_intents pi JOIN sandbox_payment_intents s ON s.id = pi.provider_intent_id
       WHERE s.status = 'succeeded' AND pi.created_at >= to_timestamp($1::float8 / 1000)`,
      [runStart],
    );
    figures.faults = {
      buyers: buyers.length,
      runMs: runEnd - runStart,
      requests: answers.length,
      failedInFlight: failed.length,
      resent: resent.length,
      unitsSold: sold,
      stock: STOCK,
      orders: confirms.filter((a) => a.status === 201).length,
      soldOut: confirms.filter((a) => a.status === 409).length,
      killAfterMs: killedAt - runStart,
      killToLastFailureMs: failed.length ? Math.max(...failed.map((a) => a.answeredAt)) - killedAt : 0,
      killToHeldOutMs: toKilled.length ? toKilled[0].msec * 1000 - killedAt : 0,
      retriedAfterKill: passedOn.length,
      restartToRotationMs: (backInRotation?.msec ?? 0) * 1000 - restartAt,
      settleWaitMs,
      lostConfirmsSettled: paid - confirms.filter((a) => a.status === 201 || a.status === 409).length,
    };
    console.log(
      'faults',
      figures.faults,
      'resent at (ms from the restart):',
      resent.map((a) => a.sentAt - restartAt),
    );
  });
});

describe('the primary restarted twice and PgBouncer once under a checkout loop', () => {
  it('no app server exits, 5xx only while the database is away, orders go on after each, every charge settled', async () => {
    const productId = await listProduct(base, vendor, { name: 'Cluster quince', stock: 10_000, category: 'fruit' });
    const buyers = freeBuyers.slice(30, 42);
    expect(buyers).toHaveLength(12);
    const answers: Answer[] = [];
    let running = true;
    const shop = async (buyer: Shopper) => {
      while (running) {
        const steps = await payForOne(base, buyer, productId);
        answers.push(...steps);
        if (steps[2]?.status === 200) answers.push(await confirm(base, buyer, intentOf(steps[1])));
        else await sleep(200);
      }
    };
    // Anonymous catalog readers meanwhile: the replica answers them whatever the primary and PgBouncer do.
    const reads: Answer[] = [];
    const read = async (i: number) => {
      const paths = [`/singleProduct/${productId}`, '/products?category=fruit&limit=20'];
      for (let n = i; running; n++) {
        reads.push(await call(base, 'GET', paths[n % paths.length]));
        await sleep(50);
      }
    };
    const runStart = Date.now();
    const shopping = Promise.all([...buyers.map(shop), read(0), read(1)]);
    /** When the database was away: from the stop until it answers again. */
    const away: { from: number; to: number }[] = [];
    const orderAfter = async (from: number) => {
      const deadline = Date.now() + 20_000;
      const found = () => answers.find((a) => a.path === '/customerPayments' && a.status === 201 && a.sentAt > from);
      while (!found() && Date.now() < deadline) await sleep(100);
      return (found()?.answeredAt ?? Number.NaN) - from;
    };
    const firstOrderAfterMs: number[] = [];
    for (const outage of [cluster.primary, cluster.primary, undefined]) {
      await sleep(1_500);
      const from = Date.now();
      if (outage) {
        await outage.stop();
        await outage.start();
      } else await cluster.restartPooler();
      away.push({ from, to: Date.now() });
      firstOrderAfterMs.push(await orderAfter(away[away.length - 1].to));
    }
    // The servers' crash after a restart came 3-7 s after the primary was back: the loop runs on past that.
    await sleep(5_000);
    running = false;
    await shopping;

    expect(cluster.exits).toEqual([]);
    // A request that failed was in flight while the database was away (or within 2 s of its return, while the
    // servers' pools replace the connections it broke).
    const failed = answers.filter((a) => a.status >= 500 || a.status === 0);
    const whileAway = (a: Answer) => away.some(({ from, to }) => a.answeredAt >= from && a.sentAt <= to + 2_000);
    expect(failed.filter((a) => !whileAway(a)).map((a) => ({ ...a, atMs: a.sentAt - runStart }))).toEqual([]);
    expect(firstOrderAfterMs.every((ms) => ms <= 20_000)).toBe(true);
    const failedReads = reads.filter((a) => a.status !== 200);
    expect(failedReads.map((a) => ({ status: a.status, path: a.path, atMs: a.sentAt - runStart }))).toEqual([]);

    const unsettled = () =>
      query<{ id: string }>(
        `SELECT pi.id FROM payment_intents pi JOIN sandbox_payment_intents s ON s.id = pi.provider_intent_id
         WHERE s.status = 'succeeded' AND pi.status NOT IN ('settled', 'refunded')`,
      );
    const settleFrom = Date.now();
    while ((await unsettled()).length > 0 && Date.now() - settleFrom < 45_000) await sleep(500);
    expect(await unsettled()).toEqual([]);
    figures.outages = {
      reads: reads.length,
      buyers: buyers.length,
      requests: answers.length,
      orders: answers.filter((a) => a.path === '/customerPayments' && a.status === 201).length,
      failed: failed.length,
      awayMs: away.map(({ from, to }) => to - from),
      firstOrderAfterMs,
      settleWaitMs: Date.now() - settleFrom,
    };
    console.log('outages', figures.outages);
  });
});

describe('the replica stopped in the middle of a catalog run', () => {
  it('keeps answering every catalog read (from the primary), and the replica starts again', async () => {
    const replica = async () =>
      ((await call(base, 'GET', '/health')).body as { replica?: { status: string } }).replica?.status;
    expect(await replica()).toBe('up');
    // The product page is never micro-cached (every one goes to a database); the listing and the search go once
    // per second per server, when their cached answer expires.
    const run = measure(
      `${base}${catalogPaths[0]}`,
      {},
      { connections: 10, warmup: 0, duration: 6, paths: catalogPaths },
    );
    const from = Date.now();
    await sleep(2_000);
    await cluster.replica.stop();
    const stoppedAfterMs = Date.now() - from;
    const result = await run;
    const statusWhileStopped = await replica();
    const startedAt = Date.now();
    await cluster.replica.start();
    // Each server watches the replica on its own: back in use once 6 answers in a row (every server's) say up.
    let ups = 0;
    while (ups < 6 && Date.now() - startedAt < 20_000) ups = (await replica()) === 'up' ? ups + 1 : 0;
    const backMs = Date.now() - startedAt;
    expect(statusWhileStopped).toBe('down');
    expect(ups).toBe(6);
    figures.replica = { result, stoppedAfterMs, backMs };
    console.log(`replica stopped after ${seconds(stoppedAfterMs)}: ${result.total} reads, errors ${result.errors}`);
    expect(result.errors).toBe(0);
    expect(result.total).toBeGreaterThan(0);
  });
});

describe('backups with pgBackRest', () => {
  it("archives the primary's WAL and takes a full backup into an encrypted repository in the cluster's folder", async () => {
    const checkFrom = Date.now();
    // check: a WAL switch on the primary, then waits until that segment is in the repository.
    await cluster.backup.run(['check']);
    const checkMs = Date.now() - checkFrom;
    const backupFrom = Date.now();
    await cluster.backup.run(['backup', '--type=full']);
    const backupMs = Date.now() - backupFrom;
    const [stanza] = await cluster.backup.info();
    expect(stanza.status).toEqual(expect.objectContaining({ code: 0, message: 'ok' }));
    expect(stanza.cipher).toBe('aes-256-cbc');
    const full = stanza.backup.at(-1) as (typeof stanza.backup)[number] & { info: { repository: { size: number } } };
    expect(full.type).toBe('full');
    const [archive] = stanza.archive;
    expect(archive.min).toMatch(/^[0-9A-F]{24}$/);
    // The repository is unreadable without the passphrase, which only its owner may read.
    const repoInfo = await fs.readFile(`${cluster.backup.dir}/repo/backup/farmstall/backup.info`);
    expect(repoInfo.subarray(0, 8).toString()).toBe('Salted__');
    const passphrase = await fs.stat(`${cluster.backup.dir}/conf.d/cipher.conf`);
    expect(passphrase.mode & 0o777).toBe(0o600);
    figures.backup = {
      checkMs,
      backupMs,
      size: full.info.repository.size,
      segments: `${archive.min} to ${archive.max}`,
    };
    console.log('backup', figures.backup);
  });

  it('brings back the orders a TRUNCATE took, which the replica lost at once: a restore to the point before it', async () => {
    const [{ orders }] = await query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders');
    expect(orders).toBeGreaterThan(0);
    await query("SELECT pg_create_restore_point('before-truncate')");
    await query('TRUNCATE orders CASCADE');
    // The mistake reaches the replica at once.
    const replica = new pg.Client({ connectionString: cluster.replicaUrl });
    await replica.connect();
    let onReplica = -1;
    for (const deadline = Date.now() + 10_000; onReplica !== 0 && Date.now() < deadline; await sleep(100))
      onReplica = (await replica.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    await replica.end();
    expect(onReplica).toBe(0);
    await cluster.backup.run(['check']); // the segment with the restore point is in the repository

    const target = `${dir}/restored`;
    await ownedFolder(target);
    const restoreFrom = Date.now();
    await cluster.backup.run([
      'restore',
      `--pg1-path=${target}`,
      '--type=name',
      '--target=before-truncate',
      '--target-action=promote',
    ]);
    const restoreMs = Date.now() - restoreFrom;
    const port = await freePort();
    const url = new URL(cluster.primaryUrl);
    url.port = String(port);
    const restored = postgresServer('restored', target, port, url.href, undefined, {
      unix_socket_directories: target,
      archive_mode: 'off',
    });
    const recoveryFrom = Date.now();
    await restored.start();
    try {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      try {
        for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100))
          if (!(await client.query('SELECT pg_is_in_recovery() AS r')).rows[0].r) break;
        const recoveryMs = Date.now() - recoveryFrom;
        const back = (await client.query('SELECT count(*)::int AS n FROM orders')).rows[0].n as number;
        expect(back).toBe(orders);
        figures.restore = { orders, restored: back, onReplica, restoreMs, recoveryMs };
        console.log('restore', figures.restore);
      } finally {
        await client.end();
      }
    } finally {
      await restored.stop();
    }
  });
});

describe("the run's figures", () => {
  it('are printed, and written to the Cluster section of docs/performance.md by npm run test:cluster', async () => {
    const { lastUnits, faults, replica, backup, restore, outages, catalog } = figures;
    if (failed || !lastUnits || !faults || !replica || !backup || !restore || !outages || catalog.length !== 3)
      throw new Error('A scenario failed: no figures are written');
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
    const cpu = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}`;
    const n = (value: number) => Math.round(value).toLocaleString('en-US');
    const rows = catalog.map(
      ({ servers, result }) =>
        `| ${servers} | ${n(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${result.errors} |`,
    );
    const body = `## Cluster

Measured by \`npm run test:cluster\` (\`cluster-tests/cluster.test.ts\`) on ${new Date().toISOString().slice(0, 10)}, commit ${commit}, in ${seconds(Date.now() - started)} with the cluster's start-up: \`scripts/cluster\` on this one machine (nginx, app servers, PgBouncer in transaction mode, a PostgreSQL 15 primary and its streaming replica), every request through nginx on loopback. Machine: ${cpu}, shared by the load generator, nginx, the servers and PostgreSQL; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end (other work on the machine skews the figures).

Catalog reads through nginx (autocannon in its own process, ${CATALOG_LOAD.connections} connections, ${CATALOG_LOAD.warmup} s warm-up then ${CATALOG_LOAD.duration} s measured, cycling a category listing, a product page and a search, as served with the 1 s micro-cache), app servers added one at a time:

| App servers | req/s | p50 (ms) | p99 (ms) | errors |
|---:|---:|---:|---:|---:|
${rows.join('\n')}

- 200 buyers (accounts inserted, tokens signed with the servers' JWT_SECRET) for the last 50 units, confirming at once: ${lastUnits.orders} orders, ${lastUnits.refunded} answered sold out with their payments refunded, stock 0 (the buyers' carts and card payments, 25 at a time, took ${seconds(lastUnits.payMs)}; the 200 confirmations, sent at once, were all answered in ${seconds(lastUnits.confirmMs)}).
- Checkout run with faults: ${faults.buyers} buyers in a loop (cart, payment, sandbox card, confirmation) for ${seconds(faults.runMs)}, ${n(faults.requests)} requests, ${faults.orders} orders and ${faults.soldOut} sold-out refunds answered, ${faults.unitsSold} of ${faults.stock} units sold, none oversold. App server 1 killed with \`kill -9\` ${seconds(faults.killAfterMs)} into the run: ${faults.failedInFlight} answers of 500 or more, all requests in flight to it${faults.resent ? ` (and ${faults.resent} requests sent again by the client, as a browser does, because nginx closed the kept-alive connection they went out on when it reloaded for the restart)` : ''}; nginx saw it fail ${n(faults.killToHeldOutMs)} ms after the kill and held it out from then on (it tried the dead server again ${faults.retriedAfterKill} times, when its fail_timeout ran out or after a reload, each time passing the request on to a live server); the last failed answer came ${n(faults.killToLastFailureMs)} ms after the kill. App server 2 restarted as \`restart()\` does it (out of nginx's upstream, SIGTERM, start, back in): nginx sent to it again ${seconds(faults.restartToRotationMs)} after the restart began, with no failed answer. ${faults.lostConfirmsSettled} paid payment(s) whose confirmation got no answer were settled all the same (by the reconciliation job, or by a confirmation the killed server had committed); every charge was an order or a refund ${faults.settleWaitMs < 1_000 ? 'when the run ended' : `${seconds(faults.settleWaitMs)} after the run`}.
- Replica stopped ${seconds(replica.stoppedAfterMs)} into a 6 s catalog run (10 connections; every product page, and each listing and search once a second per server, read from a database): ${n(replica.result.total)} reads, ${replica.result.errors} errors, p99 ${replica.result.p99} ms: the reads fell back to the primary, and /api/health said the replica was down. Started again, it was back in use (health: up) ${seconds(replica.backMs)} after its start began.
- The primary restarted twice (fast shutdown, start) and PgBouncer once under a loop of ${outages.buyers} buyers: away ${outages.awayMs.map(seconds).join(', ')}; ${outages.failed} of ${n(outages.requests)} requests answered 5xx, all while the database was away, and none of ${n(outages.reads)} anonymous catalog reads meanwhile; the first order after each came ${outages.firstOrderAfterMs.map(seconds).join(', ')} after it was back; ${outages.orders} orders; no app server exited; every charge was an order or a refund ${outages.settleWaitMs < 1_000 ? 'when the run ended' : `${seconds(outages.settleWaitMs)} after the run`}.
- Backups: the primary archives its WAL with pgBackRest into an encrypted repository (aes-256-cbc, a generated passphrase) in the cluster's folder; \`pgbackrest check\` (a WAL switch, then the segment in the repository) took ${seconds(backup.checkMs)}, a full backup ${seconds(backup.backupMs)} (${(backup.size / 1e6).toFixed(1)} MB in the repository, compressed and encrypted); WAL segments ${backup.segments} archived by then. Then \`TRUNCATE orders CASCADE\` after a restore point: the replica had 0 orders at once; \`pgbackrest restore --type=name\` into a new folder (${seconds(restore.restoreMs)}) and PostgreSQL's recovery to the restore point (${seconds(restore.recoveryMs)}) brought back ${restore.restored} of ${restore.orders} orders.
`;
    console.log(`\n${body}`);
    // `npm run test:cluster` records the figures; the same run inside `npm test` (CI) leaves the docs alone.
    if (process.env.npm_lifecycle_event !== 'test:cluster') return;
    const file = new URL('../docs/performance.md', import.meta.url);
    await fs.writeFile(file, replaceSection(await fs.readFile(file, 'utf8'), 'cluster', body));
  });
});
