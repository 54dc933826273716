import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type Jobs, startJobs } from '../../jobs/index.ts';
import { serializeError } from '../../logging.ts';
import { createTestApp, setupTestApp, type TestContext } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { addToCart, checkoutDetails, createProduct, payCart } from '../checkout/test-fixtures.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
const t = setupTestApp({ METRICS_TOKEN: TOKEN, READY_JOB_HEARTBEAT_SECONDS: '3' });
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  // The same app with its log captured (the test context's logs nothing).
  app = await buildApp({
    config: t.config,
    db: t.db,
    secrets: t.app.secrets,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
});
afterAll(() => app.close());

const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const scrape = async (target: { inject: App['inject'] } = t.app) => {
  const response = await target.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** The value of a sample, `name{labels}` or `name` alone. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('answers 404 while METRICS_TOKEN is unset', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('answers 401 without the token or with another', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('exposes every metric an on-call person needs, and counts a request under its route pattern', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await createProduct(t, vendor, {});
    expect((await t.app.inject(`/api/singleProduct/${product.id}`)).statusCode).toBe(200);

    const text = await scrape();
    for (const name of [
      'http_request_duration_seconds',
      'farmstall_jobs_waiting',
      'farmstall_job_oldest_age_seconds',
      'farmstall_job_worker_heartbeat_age_seconds',
      'farmstall_unsettled_payment_age_seconds',
      'farmstall_transfers_failed_total',
      'farmstall_transfers_pending',
      'farmstall_outbox_pending',
      'farmstall_outbox_failed',
      'farmstall_db_pool_total_clients',
      'farmstall_db_pool_idle_clients',
      'farmstall_db_pool_waiting_clients',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/singleProduct\/:id",status_code="200"\} [1-9]/,
    );
    expect(text).not.toContain(product.id);
    expect(sample(text, 'farmstall_unsettled_payment_age_seconds')).toBe(0);
  });
});

describe('liveness and readiness', () => {
  it('live answers without the database; ready checks the primary and says the job worker is off here', async () => {
    const live = await t.app.inject('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'up', jobs: { status: 'off' } });
    // The health answer of before is unchanged (nginx and the cluster tests read it).
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('a locked job table makes readiness fail and the unsettled age rise; both recover when the lock goes', async () => {
    // A second app on the same database with the job worker running, as main.ts starts them.
    const { buildTestApp } = await import('../../test/app.ts');
    const url = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    const server: TestContext = await buildTestApp(url, { METRICS_TOKEN: TOKEN, READY_JOB_HEARTBEAT_SECONDS: '3' });
    let jobs: Jobs | undefined;
    const locker = new pg.Client({ connectionString: url });
    try {
      jobs = await startJobs({
        db: server.db,
        log: pino({ level: 'silent' }),
        provider: server.app.payments.active,
        settle: server.app.payments.settle,
        everySeconds: 1,
        pollingIntervalSeconds: 0.5,
        reconcile: { settleAfterMs: 0 },
        status: server.app.jobWorker,
      });
      const ready = () => server.app.inject('/api/health/ready');
      await vi.waitFor(async () => expect((await ready()).statusCode).toBe(200), { timeout: 10_000, interval: 200 });
      expect((await ready()).json()).toMatchObject({ jobs: { status: 'ok' } });

      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table pgboss.job in access exclusive mode');
      // A charge paid while the lock is held: its browser never confirms, and the job that would settle it waits.
      const vendor = await createUser(t, { role: 'vendor' });
      const product = await createProduct(t, vendor, { priceCents: 500, stock: 2 });
      const buyer = await createUser(t);
      await addToCart(t, buyer, product.id, 1);
      expect((await payCart(t, buyer, { details: checkoutDetails })).paid.statusCode).toBe(200);

      await vi.waitFor(
        async () => {
          const answer = await ready();
          expect(answer.statusCode).toBe(503);
          expect(answer.json()).toMatchObject({ status: 'not_ready', jobs: { status: 'stale' } });
          expect(answer.json().reason).toContain('job worker');
        },
        { timeout: 20_000, interval: 250 },
      );
      let first = 0;
      await vi.waitFor(
        async () => {
          const text = await scrape(server.app);
          first = sample(text, 'farmstall_unsettled_payment_age_seconds') ?? 0;
          expect(first).toBeGreaterThan(0);
          expect(sample(text, 'farmstall_job_worker_heartbeat_age_seconds')).toBeGreaterThan(3);
        },
        { timeout: 20_000, interval: 500 },
      );
      // It keeps rising while nothing settles the charge (the figures are kept 5 s).
      await vi.waitFor(
        async () =>
          expect(sample(await scrape(server.app), 'farmstall_unsettled_payment_age_seconds')).toBeGreaterThan(first),
        { timeout: 20_000, interval: 500 },
      );

      await locker.query('rollback');
      await vi.waitFor(async () => expect((await ready()).statusCode).toBe(200), { timeout: 20_000, interval: 250 });
      await vi.waitFor(
        async () => expect(sample(await scrape(server.app), 'farmstall_unsettled_payment_age_seconds')).toBe(0),
        { timeout: 30_000, interval: 500 },
      );
    } finally {
      await locker.end().catch(() => undefined);
      await jobs?.stop();
      await server.close();
    }
  });
});

describe('request ids', () => {
  const logged = (id: string) =>
    records().filter((record) => record.reqId === id && record.msg === 'request completed');

  it('echoes a well-formed X-Request-Id and logs it', async () => {
    const response = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'nginx-3f2a.b_9' } });
    expect(response.headers['x-request-id']).toBe('nginx-3f2a.b_9');
    expect(logged('nginx-3f2a.b_9')).toHaveLength(1);
  });

  it('replaces a malformed one and makes one when none is given, also on errors', async () => {
    for (const given of ['has spaces', 'x'.repeat(129), 'quote"d', '']) {
      const response = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': given } });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(logged(id)).toHaveLength(1);
    }
    const missing = await app.inject('/api/does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {},
      headers: { 'x-request-id': 'r-1' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('r-1');
    const first = await app.inject('/api/health/live');
    const second = await app.inject('/api/health/live');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('a thrown value that is not an Error', () => {
  it('is logged with its content, secrets redacted', () => {
    app.log.error(
      { err: { message: 'Connection terminated', code: 'ECONNRESET', password: 'hunter2hunter2' } },
      'Job queue error',
    );
    app.log.error({ err: 'the queue is gone' }, 'Job queue error');
    const errors = records()
      .filter((record) => record.msg === 'Job queue error')
      .map((record) => record.err as Record<string, unknown>);
    expect(errors[0]).toMatchObject({ type: 'Object', message: 'Connection terminated', code: 'ECONNRESET' });
    expect(String(errors[0]?.thrown)).toContain('Connection terminated');
    expect(errors[1]).toMatchObject({ type: 'string', message: 'the queue is gone', thrown: 'the queue is gone' });
    expect(lines.join('')).not.toContain('hunter2hunter2');
    expect(lines.join('')).not.toContain('A value that is not an Error was thrown');
    expect(serializeError(42)).toMatchObject({ type: 'number', thrown: '42' });
  });
});
