import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { postgresBinDir, startPostgresPair } from '../scripts/cluster/postgres.ts';
import { runMigrations } from '../src/server/db/client.ts';
import { freePort, readPostmasterPid, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { signAccessToken } from '../src/server/modules/auth/index.ts';
import { checkoutDetails, GOOD_CARD } from '../src/server/modules/checkout/test-fixtures.ts';
import { hashPassword } from '../src/server/modules/users/index.ts';
import { type ServerProcess, spawnServer, stopServer, waitHealthy } from '../src/server/test/server-process.ts';
import { PRODUCT_COUNT, seedBenchCatalog } from './seed.ts';

/**
 * `npm run bench:capacity [-- --seconds 15 --concurrency 1,4,16 --big 1000000 --replica no --out file.md]`: what one order and
 * one catalog read cost the primary. Its own embedded PostgreSQL (pg_stat_statements preloaded) with the bench
 * catalog, the real server (`src/server/main.ts`) as a child process on loopback, checkouts through HTTP (cart →
 * sandbox payment → confirm) at a few concurrencies, then catalog reads, where catalog reads go with a streaming
 * replica (Debian's PostgreSQL, scripts/cluster/postgres.ts) while orders run, then search on a larger catalog.
 * CPU seconds are read from /proc for the server process and for PostgreSQL's processes; statement times from
 * pg_stat_statements. Prints Markdown (and writes it to --out). Bounded: aborts after 25 minutes.
 */
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const SECONDS = Number(arg('seconds', '15'));
const CONCURRENCY = arg('concurrency', '1,4,16').split(',').map(Number);
const BIG = Number(arg('big', '1000000'));
const REPLICA = arg('replica', 'yes') !== 'no';
const OUT = arg('out', '');
const READ_SECONDS = 5;
const LINES_PER_ORDER = 3;
const MONITOR = '/* capacity */'; // marks this script's own statements, left out of every statement figure
const TICK = Number(execFileSync('getconf', ['CLK_TCK']).toString());

const report: string[] = [];
const say = (line = '') => {
  report.push(line);
  console.log(line);
};
const load = () => os.loadavg()[0].toFixed(1);
const fixed = (n: number, digits = 2) => n.toFixed(digits);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

/** CPU seconds used by a process and its descendants (living ones, plus the ended ones it has waited for). */
function treeCpuSeconds(root: number): number {
  const stats = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      stats.set(Number(entry), text.slice(text.lastIndexOf(')') + 2).split(' '));
    } catch {
      // ended meanwhile
    }
  }
  const own = stats.get(root);
  if (!own) return 0;
  // Fields after the name: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const [, fields] of stats) if (Number(fields[1]) === root) ticks += Number(fields[11]) + Number(fields[12]);
  return ticks / TICK;
}

/** What the deadline stops besides the embedded PostgreSQL (whose own SIGINT hook stops it): servers, the pair. */
const running: (() => Promise<unknown>)[] = [];
const deadline = setTimeout(async () => {
  console.error('bench:capacity ran longer than 25 minutes: stopping.');
  await Promise.allSettled(running.map((stop) => stop()));
  process.kill(process.pid, 'SIGINT');
}, 25 * 60_000);
deadline.unref();

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scaling-capacity-'));
await fs.chmod(dir, 0o755);
let database = await startEmbeddedPostgres(dir);
{
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await client.end();
  await database.stop();
  database = await startEmbeddedPostgres(dir);
}
const postmaster = (await readPostmasterPid(path.join(dir, 'pg')))?.pid ?? 0;
const poolFor = (url: string) => {
  const made = new pg.Pool({ connectionString: url, max: 3, application_name: 'capacity' });
  made.on('error', () => undefined); // an idle connection ended by PostgreSQL's shutdown
  return made;
};
const withDatabase = (name: string) => {
  const url = new URL(database.url);
  url.pathname = `/${name}`;
  return url.toString();
};
let pool = poolFor(database.url);
const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await pool.query(`${MONITOR} ${text}`, values)).rows as T[];
let server: ServerProcess | undefined;
/** CPU seconds per second the server and PostgreSQL use with no requests. */
let idle = { app: 0, db: 0 };

async function startServer(
  url: string,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; base: string; jwtSecret: string }> {
  const jwtSecret = randomBytes(32).toString('hex');
  const port = await freePort();
  const child = spawnServer(
    {
      DATABASE_URL: url,
      DATA_DIR: await fs.mkdtemp(path.join(dir, 'data-')),
      JWT_SECRET: jwtSecret,
      SEED_DEMO: 'false',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      ...env,
    },
    port,
  );
  running.push(() => stopServer(child));
  await waitHealthy(child);
  return { server: child, base: `http://127.0.0.1:${port}`, jwtSecret };
}

/** CPU of the server and of PostgreSQL, WAL position, commits, and the statement counters since the last reset. */
async function usage() {
  const [{ lsn, commits }] = await query<{ lsn: string; commits: string }>(
    `SELECT pg_current_wal_lsn()::text AS lsn, xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { app: treeCpuSeconds(server?.child.pid ?? 0), db: treeCpuSeconds(postmaster), lsn, commits: Number(commits) };
}

type Statement = { queryid: string; query: string; calls: number; ms: number };
async function statements(): Promise<Statement[]> {
  return await query<Statement>(
    `SELECT queryid::text, query, calls::int AS calls, total_exec_time AS ms FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE $1
     ORDER BY total_exec_time DESC`,
    [`%${MONITOR}%`],
  );
}

/** Runs `work` on `concurrency` workers until `seconds` pass; CPU, WAL and statements per completed unit. */
async function measure(concurrency: number, seconds: number, work: (worker: number) => Promise<void>) {
  await query('SELECT pg_stat_statements_reset()');
  const before = await usage();
  const latencies: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await work(worker);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = await usage();
  const [{ wal }] = await query<{ wal: string }>('SELECT pg_wal_lsn_diff($1, $2)::bigint AS wal', [
    after.lsn,
    before.lsn,
  ]);
  const done = latencies.length;
  const all = await statements();
  const own = all.filter((s) => !/pgboss\./.test(s.query));
  const sum = (list: Statement[], key: 'calls' | 'ms') => list.reduce((total, s) => total + Number(s[key]), 0);
  return {
    done,
    errors,
    perSecond: done / elapsed,
    p50: median(latencies),
    p95: percentile(latencies, 0.95),
    // Net of what the server and PostgreSQL use when idle (pg-boss polling, background writers).
    appCpuMs: ((after.app - before.app - idle.app * elapsed) * 1000) / done,
    dbCpuMs: ((after.db - before.db - idle.db * elapsed) * 1000) / done,
    walBytes: Number(wal) / done,
    commits: (after.commits - before.commits) / done,
    statements: sum(own, 'calls') / done,
    sqlMs: sum(own, 'ms') / done,
    bossMs: sum(all, 'ms') - sum(own, 'ms'),
    top: own.slice(0, 8),
    all,
    load: load(),
  };
}

/** Table counters reach pg_stat_user_tables within 10 s of a backend going idle. */
const statsFlushed = () => new Promise((resolve) => setTimeout(resolve, 11_000));

type TableStats = {
  relname: string;
  ins: string;
  upd: string;
  del: string;
  hot: string;
  dead: string;
  bytes: string;
  index_bytes: string;
  autovacuums: string;
};
const tableStats = async () =>
  await query<TableStats>(
    `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del, n_tup_hot_upd AS hot, n_dead_tup AS dead,
       pg_total_relation_size(relid) AS bytes, pg_indexes_size(relid) AS index_bytes, autovacuum_count AS autovacuums
     FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY relname`,
  );

/** Who holds connections to PostgreSQL (this script's own left out), by application_name and LISTEN. */
const connections = async () =>
  await query<{ who: string; n: number }>(
    `SELECT CASE WHEN query ILIKE 'LISTEN%' THEN 'LISTEN' ELSE coalesce(nullif(split_part(application_name, ':', 1), ''), 'app pool') END AS who,
       count(*)::int AS n
     FROM pg_stat_activity WHERE backend_type = 'client backend' AND application_name <> 'capacity' GROUP BY 1 ORDER BY 1`,
  );
const describeConnections = (rows: { who: string; n: number }[]) =>
  `${rows.reduce((t, r) => t + r.n, 0)} (${rows.map((r) => `${r.who} ${r.n}`).join(', ')})`;

async function call(base: string, token: string, method: string, url: string, body: unknown, expected: number) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${url} → ${response.status} ${text.slice(0, 160)}`);
  return JSON.parse(text) as Record<string, string>;
}

/** Placing an order as worker `n`'s own buyer (`count` buyers), with LINES_PER_ORDER products picked at random. */
async function orderer(target: pg.Pool, base: string, jwtSecret: string, count: number) {
  const hash = await hashPassword('Bench#Capacity1');
  const { rows: buyers } = await target.query<{ id: string; email: string }>(
    `INSERT INTO users (name, email, role, password_hash)
     SELECT 'Buyer ' || g, 'buyer' || g || '@bench.example', 'customer', $1 FROM generate_series(1, $2) AS g RETURNING id, email`,
    [hash, count],
  );
  const tokens = await Promise.all(
    buyers.map((b) => signAccessToken({ sub: b.id, email: b.email, role: 'customer', ver: 0 }, jwtSecret)),
  );
  const { rows } = await target.query<{ id: string }>(
    'SELECT id FROM products WHERE stock >= 50 ORDER BY random() LIMIT 5000',
  );
  const pick = () => rows[Math.floor(Math.random() * rows.length)].id;
  return async (worker: number) => {
    const token = tokens[worker];
    for (let i = 0; i < LINES_PER_ORDER; i++)
      await call(base, token, 'POST', '/api/carts', { productId: pick(), amount: 1 }, 201);
    const intent = await call(base, token, 'POST', '/api/customer-payment', { price: 0, ...checkoutDetails }, 201);
    const { paymentIntentId, clientSecret } = intent;
    await call(
      base,
      token,
      'POST',
      '/api/payments/sandbox/confirm',
      { paymentIntentId, clientSecret, ...GOOD_CARD },
      200,
    );
    await call(base, token, 'POST', '/api/customerPayments', { paymentIntentId, ...checkoutDetails }, 201);
  };
}

/** GET `url`, uncompressed unless `headers` say otherwise; throws unless 200. */
async function get(base: string, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} → ${response.status}`);
}

try {
  const db = drizzle(pool);
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await runMigrations(db);
  let started = Date.now();
  await seedBenchCatalog(db);
  const seedSeconds = (Date.now() - started) / 1000;
  const [settings] = await query<{ max_connections: string; shared_buffers: string; version: string }>(
    `SELECT current_setting('max_connections') AS max_connections, current_setting('shared_buffers') AS shared_buffers,
       current_setting('server_version') AS version`,
  );
  say(`# Capacity measurements (\`npm run bench:capacity\`, bench/capacity.ts)`);
  say();
  say(
    `${new Date().toISOString().slice(0, 16)} UTC, commit ${execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim()}, ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB; embedded PostgreSQL ${settings.version} ` +
      `(max_connections ${settings.max_connections}, shared_buffers ${settings.shared_buffers}), ${PRODUCT_COUNT.toLocaleString('en-US')} products seeded in ${fixed(seedSeconds, 1)} s. ` +
      `Load generator (fetch, this process), server (one Node process) and PostgreSQL share the cores with other work: the 1-minute load average is given with each figure.`,
  );

  let app = await startServer(database.url);
  server = app.server;
  const idleConnections = await connections();
  {
    const before = await usage();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const after = await usage();
    idle = { app: (after.app - before.app) / 10, db: (after.db - before.db) / 10 };
  }

  const order = await orderer(pool, app.base, app.jwtSecret, Math.max(...CONCURRENCY));
  await measure(2, 3, order); // warm-up
  await statsFlushed();
  const tablesBefore = await tableStats();
  const [{ orders: ordersBefore }] = await query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders');
  say();
  say(`## Orders (${LINES_PER_ORDER} lines each: 3 × add to cart, start payment, sandbox card payment, confirm)`);
  say();
  say(
    '| buyers at once | orders | orders/min | p50 (ms) | p95 (ms) | server CPU ms/order | PostgreSQL CPU ms/order | SQL exec ms/order | statements/order | commits/order | WAL bytes/order | errors | load |',
  );
  say('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  let peak: { who: string; n: number }[] = [];
  let last: Awaited<ReturnType<typeof measure>> | undefined;
  for (const concurrency of CONCURRENCY) {
    const sampler = setInterval(async () => {
      const now = await connections().catch(() => []);
      if (now.reduce((t, r) => t + r.n, 0) > peak.reduce((t, r) => t + r.n, 0)) peak = now;
    }, 250);
    const r = await measure(concurrency, SECONDS, order);
    clearInterval(sampler);
    last = r;
    say(
      `| ${concurrency} | ${r.done} | ${Math.round(r.perSecond * 60)} | ${Math.round(r.p50)} | ${Math.round(r.p95)} | ${fixed(r.appCpuMs, 1)} | ${fixed(r.dbCpuMs, 1)} | ${fixed(r.sqlMs)} | ${fixed(r.statements, 1)} | ${fixed(r.commits, 1)} | ${Math.round(r.walBytes).toLocaleString('en-US')} | ${r.errors.length} | ${r.load} |`,
    );
    if (r.errors.length) say(`  first error: ${r.errors[0]}`);
  }
  if (last) {
    say();
    say(
      `Statements taking the most time per order (at ${CONCURRENCY.at(-1)} buyers at once; pg-boss: ${fixed(last.bossMs)} ms in all):`,
    );
    say();
    say('| statement | calls/order | ms/order |');
    say('|---|---:|---:|');
    for (const s of last.top)
      say(
        `| \`${s.query.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 90)}\` | ${fixed(s.calls / last.done, 1)} | ${fixed(s.ms / last.done, 3)} |`,
      );
  }

  await statsFlushed();
  const tablesAfter = await tableStats();
  const [{ orders: ordersAfter }] = await query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders');
  const placed = ordersAfter - ordersBefore;
  say();
  say(
    `Rows and bytes per order, over the ${placed} orders above (tables the checkout changed; bytes: table + indexes + TOAST, growth ÷ orders):`,
  );
  say();
  say(
    '| table | inserted/order | updated/order (HOT) | deleted/order | bytes/order | index bytes/order | dead rows now | autovacuums | size now |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const after of tablesAfter) {
    const before = tablesBefore.find((t) => t.relname === after.relname);
    if (!before) continue;
    const delta = (key: keyof TableStats) => (Number(after[key]) - Number(before[key])) / placed;
    if (delta('ins') + delta('upd') + delta('del') === 0) continue;
    say(
      `| ${after.relname} | ${fixed(delta('ins'))} | ${fixed(delta('upd'))} (${fixed(delta('hot'))}) | ${fixed(delta('del'))} | ${Math.round(delta('bytes'))} | ${Math.round(delta('index_bytes'))} | ${after.dead} | ${Number(after.autovacuums) - Number(before.autovacuums)} | ${(Number(after.bytes) / 1024 ** 2).toFixed(1)} MB |`,
    );
  }
  const orderIndexes = await query<{ name: string; bytes: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_relation_size(indexrelid) AS bytes FROM pg_index
     WHERE indrelid IN ('orders'::regclass, 'order_lines'::regclass, 'customer_payments'::regclass, 'payment_intents'::regclass)
     ORDER BY 1`,
  );
  say();
  say(
    `Indexes of the order tables now (${ordersAfter} orders): ${orderIndexes.map((i) => `${i.name} ${Math.round(Number(i.bytes) / 1024)} kB`).join(', ')}.`,
  );

  say();
  say(
    `CPU figures are net of what the server and PostgreSQL use when idle, measured for 10 s before the runs: ${fixed(idle.app * 1000, 1)} and ${fixed(idle.db * 1000, 1)} ms per second.`,
  );
  say();
  say('## Connections');
  say();
  say(`- One server process, idle after start: ${describeConnections(idleConnections)}.`);
  say(`- Most seen during the order runs (sampled every 250 ms): ${describeConnections(peak)}.`);
  say(`- max_connections: ${settings.max_connections}.`);

  // Catalog reads, 8 at once for READ_SECONDS each, uncompressed like `npm run bench` unless a row says otherwise.
  // "Uncached" rows go to a second server with CATALOG_CACHE_MS=0 (every read to PostgreSQL).
  const uncached = await startServer(database.url, { CATALOG_CACHE_MS: '0' });
  const sample = (await query<{ id: string }>('SELECT id FROM products ORDER BY random() LIMIT 1000')).map((r) => r.id);
  const reads: { name: string; url: () => string; headers?: Record<string, string>; uncached?: boolean }[] = [
    {
      name: 'category listing, first page (uncached)',
      url: () => '/api/products?category=vegetable&limit=20',
      uncached: true,
    },
    {
      name: 'category listing, first page (as served: 1 s micro-cache)',
      url: () => '/api/products?category=vegetable&limit=20',
    },
    {
      name: 'the same, compressed by the app for a browser (accept-encoding: gzip, deflate, br)',
      url: () => '/api/products?category=vegetable&limit=20',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    },
    {
      name: 'product page, 1,000 products in turn',
      url: () => `/api/singleProduct/${sample[Math.floor(Math.random() * sample.length)]}`,
    },
    { name: 'search "chedar chese" (uncached)', url: () => '/api/search?q=chedar%20chese', uncached: true },
    { name: 'search "chedar chese" (as served: 1 s micro-cache)', url: () => '/api/search?q=chedar%20chese' },
    { name: 'suggestions "chees"', url: () => '/api/search/suggest?q=chees' },
  ];
  say();
  say(
    `## Catalog reads (8 requests at once, ${READ_SECONDS} s each, ${PRODUCT_COUNT.toLocaleString('en-US')} products)`,
  );
  say();
  say(
    '| read | req/s | p50 (ms) | server CPU ms/req | PostgreSQL CPU ms/req | SQL exec ms/req | statements/req | load |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|');
  let listingStatements = new Set<string>();
  for (const read of reads) {
    const target = read.uncached ? uncached : app;
    server = target.server;
    const r = await measure(8, READ_SECONDS, () => get(target.base, read.url(), read.headers));
    if (read === reads[0])
      listingStatements = new Set(r.all.filter((st) => !/pgboss\./.test(st.query)).map((st) => st.queryid));
    say(
      `| ${read.name} | ${Math.round(r.perSecond)} | ${fixed(r.p50, 1)} | ${fixed(r.appCpuMs)} | ${fixed(r.dbCpuMs)} | ${fixed(r.sqlMs, 3)} | ${fixed(r.statements, 1)} | ${r.load} |`,
    );
  }
  server = app.server;

  // The micro-cache's hit rate: listing statements that reached PostgreSQL ÷ listings served, with and without
  // orders running meanwhile (a catalog change a sale announces clears every server's cache).
  say();
  say('## Micro-cache hit rate: the category listing as served, 4 readers, 10 s, with and without 4 buyers ordering');
  say();
  say('| buyers ordering | orders/min | listings served | listing queries in PostgreSQL | hit rate | load |');
  say('|---:|---:|---:|---:|---:|---:|');
  for (const buying of [0, 4]) {
    let served = 0;
    const r = await measure(4 + buying, 10, async (worker) => {
      if (worker < buying) return await order(worker);
      await get(app.base, '/api/products?category=vegetable&limit=20');
      served += 1;
    });
    const queries = r.all.filter((st) => listingStatements.has(st.queryid)).reduce((t, st) => t + Number(st.calls), 0);
    say(
      `| ${buying} | ${Math.round((r.done - served) * 6)} | ${served} | ${queries} | ${fixed(100 * (1 - queries / served), 1)} % | ${r.load} |`,
    );
  }

  // Where fresh catalog reads go with a streaming replica: a catalog change a sale announces keeps them
  // on the primary until the replica has replayed it.
  if (REPLICA) {
    say();
    say('## Fresh catalog reads with a streaming replica, with and without orders running (4 readers, 10 s)');
    say();
    let pair: Awaited<ReturnType<typeof startPostgresPair>> | undefined;
    let replicated: Awaited<ReturnType<typeof startServer>> | undefined;
    const pools: pg.Pool[] = [];
    try {
      postgresBinDir();
      pair = await startPostgresPair({ dir: path.join(dir, 'pair') });
      running.push(pair.stop);
      const [primary, replica] = [poolFor(pair.primaryUrl), poolFor(pair.replicaUrl)];
      pools.push(primary, replica);
      await runMigrations(drizzle(primary));
      await seedBenchCatalog(drizzle(primary), 10_000);
      replicated = await startServer(pair.primaryUrl, { READ_DATABASE_URL: pair.replicaUrl, CATALOG_CACHE_MS: '0' });
      const placeOrder = await orderer(primary, replicated.base, replicated.jwtSecret, 4);
      const replicaTransactions = async () =>
        Number(
          (await replica.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0]
            .xact_commit,
        );
      say(
        `Debian PostgreSQL ${(await replica.query('SHOW server_version')).rows[0].server_version} primary and replica (pg_basebackup), 10,000 products. The first row has no requests: the server's own replica monitor.`,
      );
      say();
      say('| readers | buyers ordering | orders/min | fresh listings served | transactions on the replica | load |');
      say('|---:|---:|---:|---:|---:|---:|');
      for (const [readers, buying] of [
        [0, 0],
        [4, 0],
        [4, 4],
      ]) {
        let served = 0;
        const before = await replicaTransactions();
        const r = await measure(readers + buying, 10, async (worker) => {
          if (worker < buying) return await placeOrder(worker);
          await get(replicated?.base ?? '', '/api/products?category=vegetable&limit=20');
          served += 1;
        });
        if (readers + buying === 0) await new Promise((resolve) => setTimeout(resolve, 10_000));
        await statsFlushed();
        const transactions = (await replicaTransactions()) - before;
        say(
          `| ${readers} | ${buying} | ${Math.round((r.done - served) * 6)} | ${served} | ${transactions} | ${r.load} |`,
        );
      }
    } catch (error) {
      say(`Not measured: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      if (replicated) await stopServer(replicated.server);
      for (const made of pools) await made.end();
      await pair?.stop();
    }
  }

  // Search latency, one request at a time, on this catalog and on a larger one.
  const searches = [
    '/api/search?q=chedar%20chese',
    '/api/search?q=cheese',
    '/api/search?q=strawbery',
    '/api/search/suggest?q=chees',
  ];
  const searchTable = async (label: string, target: { base: string }) => {
    const sizes = await query<{ products: string; terms: string }>(
      `SELECT pg_total_relation_size('products') AS products, pg_total_relation_size('search_terms') AS terms`,
    );
    for (const url of searches) {
      const r = await measure(1, 4, () => get(target.base, url));
      say(
        `| ${label} | \`${decodeURIComponent(url.replace('/api', ''))}\` | ${fixed(r.p50, 1)} | ${fixed(r.sqlMs, 2)} | ${fixed(r.dbCpuMs, 2)} | ${Math.round(Number(sizes[0].products) / 1024 ** 2)} MB / ${Math.round(Number(sizes[0].terms) / 1024)} kB | ${r.load} |`,
      );
    }
  };
  say();
  say('## Search by catalog size (one request at a time, 4 s each, CATALOG_CACHE_MS=0)');
  say();
  say(
    '| products | request | p50 (ms) | SQL exec ms/req | PostgreSQL CPU ms/req | products / search_terms size | load |',
  );
  say('|---:|---|---:|---:|---:|---|---:|');
  server = uncached.server;
  await searchTable(PRODUCT_COUNT.toLocaleString('en-US'), uncached);
  server = app.server;
  await stopServer(uncached.server);
  if (BIG > 0) {
    await stopServer(app.server);
    await pool.query('CREATE DATABASE big');
    await pool.end();
    pool = poolFor(withDatabase('big'));
    const big = drizzle(pool);
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await runMigrations(big);
    started = Date.now();
    await seedBenchCatalog(big, BIG);
    const bigSeconds = (Date.now() - started) / 1000;
    app = await startServer(withDatabase('big'), { CATALOG_CACHE_MS: '0' });
    server = app.server;
    await searchTable(BIG.toLocaleString('en-US'), app);
    say();
    say(`(${BIG.toLocaleString('en-US')} products seeded in ${fixed(bigSeconds, 0)} s.)`);
  }
} finally {
  if (server) await stopServer(server);
  await pool.end().catch(() => undefined);
  await database.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
if (OUT) await fs.writeFile(OUT, `${report.join('\n')}\n`);
