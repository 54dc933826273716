import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replaceSection } from '../bench/report-section.ts';
import { type Cluster, startCluster } from '../scripts/cluster/index.ts';
import { installCommand, missingPackages } from '../scripts/cluster/packages.ts';
import { signAccessToken } from '../src/server/modules/auth/index.ts';
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
 * `npm run test:cluster`: one cluster started with `ha` (scripts/cluster/ha.ts: two PostgreSQL nodes under Patroni,
 * etcd, HAProxy in front, synchronous replication, WAL archived with pgBackRest), whose leader is killed with
 * `kill -9` (Patroni and PostgreSQL) in the middle of a checkout loop through nginx. Figures go to docs/performance.md.
 */
const JWT_SECRET = randomBytes(32).toString('hex');
const BUYERS = 12;
const READERS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let dir = '';
let cluster: Cluster;
let db: pg.Pool;
let failed = false;

const query = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

beforeAll(async () => {
  const missing = missingPackages({ ha: true });
  if (missing.length > 0) throw new Error(`The cluster needs Debian packages: ${installCommand(missing)}`);
  dir = mkdtempSync('/tmp/farmstall-failover-test-');
  cluster = await startCluster({
    servers: 2,
    dir,
    ha: true,
    log: (line) => /^\[/.test(line) || console.log(`[cluster] ${line}`),
    env: { SEED_DEMO: 'false', JWT_SECRET },
  });
  // Through HAProxy's primary address: whichever node leads; as the superuser, who sees pg_stat_replication's states.
  db = new pg.Pool({ connectionString: cluster.adminUrl, max: 2 });
  db.on('error', () => undefined);
}, 180_000);

afterEach(({ task }) => {
  if (task.result?.state === 'fail') failed = true;
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  if (failed || !cluster) console.log(`The cluster's logs are kept in ${dir}/logs`);
  else if (dir) rmSync(dir, { recursive: true, force: true });
}, 90_000);

/** Buyers signed in with tokens the servers accept (their accounts inserted: sign-ups would spend the run hashing). */
async function buyers(count: number): Promise<Shopper[]> {
  const emails = Array.from({ length: count }, (_, i) => `failover${i}-${Date.now()}@example.com`);
  const rows = await query<{ id: string; email: string }>(
    `INSERT INTO users (name, email, role) SELECT 'Buyer ' || i, email, 'customer'
     FROM unnest($1::text[]) WITH ORDINALITY AS e(email, i) RETURNING id, email`,
    [emails],
  );
  return Promise.all(
    rows.map(async ({ id, email }, i) => ({
      email,
      password: '',
      address: `198.19.1.${i + 1}`,
      token: await signAccessToken({ sub: id, email, role: 'customer', ver: 0 }, JWT_SECRET),
    })),
  );
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}

describe('the leader killed under a checkout loop (Patroni, etcd, HAProxy)', () => {
  it('promotes the replica within 15 s, takes orders again within 20 s, loses no acknowledged order, keeps serving the catalog, and the old leader rejoins', async () => {
    const ha = cluster.ha;
    if (!ha) throw new Error('The cluster was not started with ha');
    const base = cluster.url;
    const newcomer = await signUp(base, 'Failover Vendor');
    const vendor = await becomeVendor(base, newcomer, await verificationTokenOf(query, newcomer.email));
    const productId = await listProduct(base, vendor, { name: 'Failover plums', stock: 100_000, category: 'fruit' });
    const shoppers = await buyers(BUYERS);
    // Synchronous replication: a commit returns once the replica has it (Patroni names the replica synchronous
    // within a loop of its joining).
    const sync = await until(
      'a synchronous replica',
      async () =>
        (await query<{ sync_state: string }>('SELECT sync_state FROM pg_stat_replication')).find(
          (row) => row.sync_state === 'sync',
        ),
      15_000,
    );
    expect(sync.sync_state).toBe('sync');

    const answers: Answer[] = [];
    /** The payment intents whose confirmation a buyer saw answered 201: acknowledged orders. */
    const acknowledged: string[] = [];
    const reads: Answer[] = [];
    const health: (Answer & { state?: string })[] = [];
    let running = true;
    const shop = async (buyer: Shopper) => {
      while (running) {
        const steps = await payForOne(base, buyer, productId);
        answers.push(...steps);
        if (steps[2]?.status !== 200) {
          await sleep(200); // the database is away: a browser would not hammer it either
          continue;
        }
        const confirmed = await confirm(base, buyer, intentOf(steps[1]));
        answers.push(confirmed);
        if (confirmed.status === 201) acknowledged.push(intentOf(steps[1]));
      }
    };
    const read = async (i: number) => {
      const paths = [`/singleProduct/${productId}`, '/products?category=fruit&limit=20'];
      for (let n = i; running; n++) {
        reads.push(await call(base, 'GET', paths[n % paths.length]));
        await sleep(50);
      }
    };
    const watchHealth = async () => {
      while (running) {
        const answer = await call(base, 'GET', '/health');
        health.push({ ...answer, state: (answer.body as { status?: string }).status });
        await sleep(250);
      }
    };
    const loops = Promise.all([
      ...shoppers.map(shop),
      ...Array.from({ length: READERS }, (_, i) => read(i)),
      watchHealth(),
    ]);

    await sleep(3_000);
    const oldLeader = await ha.leader();
    const node = ha.nodes.find((one) => one.name === oldLeader);
    if (!node) throw new Error('No leader before the kill');
    const killedAt = Date.now();
    await node.crash();

    const newLeader = await until(
      'a new leader',
      async () => {
        const name = await ha.leader();
        return name && name !== oldLeader ? name : undefined;
      },
      30_000,
    );
    const failoverMs = Date.now() - killedAt;
    const confirmedAfterKill = () =>
      answers.find((a) => a.path === '/customerPayments' && a.status === 201 && a.sentAt > killedAt);
    const firstOrder = await until('an order after the kill', async () => confirmedAfterKill(), 30_000);
    const firstOrderMs = firstOrder.answeredAt - killedAt;
    await sleep(2_000);
    running = false;
    await loops;

    // The old leader's Patroni starts again (as systemd would): it rewinds its data and follows the new leader.
    const rejoinFrom = Date.now();
    await node.start();
    const streaming = async () =>
      (await node.rest('replica')) === 200 &&
      (await query<{ state: string }>('SELECT state FROM pg_stat_replication')).some((r) => r.state === 'streaming');
    const rejoined = until(
      'the old leader streaming from the new one',
      async () => ((await streaming()) ? Date.now() : undefined),
      60_000,
    );

    // Every order a buyer saw acknowledged is on the new primary.
    const [{ present }] = await query<{ present: number }>(
      'SELECT count(DISTINCT transaction_id)::int AS present FROM customer_payments WHERE transaction_id = ANY($1)',
      [acknowledged],
    );
    // Every charge becomes an order or a refund (the reconciliation job settles what lost its confirmation).
    const unsettled = () =>
      query<{ id: string; status: string }>(
        `SELECT pi.id, pi.status FROM payment_intents pi JOIN sandbox_payment_intents s ON s.id = pi.provider_intent_id
         WHERE s.status = 'succeeded' AND pi.status NOT IN ('settled', 'refunded')`,
      );
    const settleFrom = Date.now();
    while ((await unsettled()).length > 0 && Date.now() - settleFrom < 45_000) await sleep(500);
    const settleWaitMs = Date.now() - settleFrom;
    const rejoinMs = (await rejoined) - rejoinFrom;
    // The new leader archives too (its own pgBackRest file, the same repository, the new timeline).
    const checkFrom = Date.now();
    await cluster.backup.run(['check']);
    const archiveCheckMs = Date.now() - checkFrom;

    const during = (a: Answer) => a.sentAt >= killedAt;
    const failedWrites = answers.filter((a) => during(a) && (a.status >= 500 || a.status === 0));
    const lastFailedWriteMs = Math.max(0, ...failedWrites.map((a) => a.answeredAt - killedAt));
    const failedReads = reads.filter((a) => a.status !== 200);
    const degraded = health.filter((a) => a.state === 'degraded');
    const figures = {
      failoverMs,
      firstOrderMs,
      acknowledged: acknowledged.length,
      present,
      rejoinMs,
      archiveCheckMs,
      settleWaitMs,
      writes: answers.length,
      failedWrites: failedWrites.length,
      lastFailedWriteMs,
      reads: reads.length,
      failedReads: failedReads.length,
      readsWhileAway: reads.filter((a) => during(a) && a.answeredAt < killedAt + failoverMs).length,
      degradedAnswers: degraded.length,
      health503: health.filter((a) => a.status === 503).length,
      leaders: `${oldLeader} → ${newLeader}`,
    };
    console.log('failover', figures);
    console.log(
      'failed writes (ms after the kill: status)',
      failedWrites.map((a) => `${a.sentAt - killedAt}: ${a.status} ${a.path}`).join(', '),
    );
    if (failedReads.length)
      console.log(
        'failed reads',
        failedReads.map((a) => `${a.sentAt - killedAt}: ${a.status} ${JSON.stringify(a.body).slice(0, 80)}`),
      );

    expect(failoverMs).toBeLessThanOrEqual(15_000);
    expect(firstOrderMs).toBeLessThanOrEqual(20_000);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(present).toBe(acknowledged.length);
    expect(await unsettled()).toEqual([]);
    expect(failedReads).toEqual([]);
    expect(degraded.length).toBeGreaterThan(0);
    expect(health.filter((a) => a.status !== 200)).toEqual([]);
    expect(cluster.exits).toEqual([]);
    // The node's own Patroni says so (GET /patroni: its state now; /cluster shows what etcd last heard).
    const rejoinedAs = (await (await fetch(`http://127.0.0.1:${node.restPort}/patroni`)).json()) as {
      state: string;
      role: string;
    };
    expect(rejoinedAs).toMatchObject({ state: 'running', role: 'replica' });

    await record(figures);
  });
});

async function record(figures: Record<string, number | string>): Promise<void> {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
  const f = figures as Record<string, number>;
  const body = `## Failover

Measured by \`npm run test:cluster\` (\`cluster-tests/failover.test.ts\`) on ${new Date().toISOString().slice(0, 10)}, commit ${commit}: \`npm run cluster -- --ha\` on this one machine (2 app servers behind nginx, PgBouncer, HAProxy in front of two PostgreSQL 15 nodes under Patroni with etcd, synchronous replication, WAL archived with pgBackRest). ${BUYERS} buyers in a checkout loop and ${READERS} catalog readers through nginx; the leader's Patroni and PostgreSQL killed with \`kill -9\`:

- new primary (Patroni promoted the synchronous replica) ${seconds(f.failoverMs)} after the kill; the first order through nginx ${seconds(f.firstOrderMs)} after it;
- ${f.acknowledged} orders acknowledged, ${f.present} of them present afterwards; every charge an order or a refund ${f.settleWaitMs < 1_000 ? 'at the end of the run' : `${seconds(f.settleWaitMs)} after it`};
- ${f.failedWrites} of ${f.writes} checkout requests answered 5xx${f.failedWrites ? `, the last ${seconds(f.lastFailedWriteMs)} after the kill` : ''} (the others waited in PgBouncer for the new primary); ${f.failedReads} of ${f.reads} catalog reads failed (served by the replica while the primary was away); /api/health said "degraded" ${f.degradedAnswers} times, 503 ${f.health503} times;
- the old leader, started again, was streaming from the new one ${seconds(f.rejoinMs)} later; the new leader's WAL reached the pgBackRest repository (\`pgbackrest check\`, ${seconds(f.archiveCheckMs)}).
`;
  console.log(`\n${body}`);
  if (process.env.npm_lifecycle_event !== 'test:cluster') return;
  const file = new URL('../docs/performance.md', import.meta.url);
  await fs.writeFile(file, replaceSection(await fs.readFile(file, 'utf8'), 'failover', body));
}
