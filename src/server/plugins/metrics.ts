import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, Tx } from '../db/client.ts';
import { JobWorkerStatus } from '../jobs/worker-status.ts';
import { outboxFailed, outboxPending } from '../modules/notifications/index.ts';
import { failedTransferCount, moneyFigures } from '../modules/payments/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job worker, for readiness and /metrics; startJobs attaches its heartbeat (main.ts). */
    jobWorker: JobWorkerStatus;
  }
}

/** Figures read at a scrape are kept this long: several Prometheus servers (or a fast one) cost one read. */
const CACHE_MS = 5_000;
/** Counts that no index holds (failed transfers and outbox rows) are read at most this often. */
const SLOW_CACHE_MS = 60_000;
/** A scrape never waits on a lock (pg-boss's job table held, say) nor runs long. */
const LOCK_TIMEOUT = '500ms';
const STATEMENT_TIMEOUT = '2s';

type Cached<T> = { at: number; value: Promise<T> };

/** The value of `read`, read again once older than `ms`; a failed read is not kept. */
function cached<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let entry: Cached<T> | undefined;
  return () => {
    if (!entry || Date.now() - entry.at > ms) {
      const value = read();
      const mine: Cached<T> = { at: Date.now(), value };
      entry = mine;
      value.catch(() => {
        if (entry === mine) entry = undefined;
      });
    }
    return entry.value;
  };
}

/** Runs `read` in a transaction that gives up on a held lock and on a long statement. */
function bounded<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    await tx.execute(sql.raw(`set local statement_timeout = '${STATEMENT_TIMEOUT}'`));
    return read(tx);
  });
}

type QueueRow = { name: string; waiting: number | string; oldest: number | string | null };

/**
 * Per pg-boss queue: the jobs due and not yet taken, and how long the oldest of them has been due. The index job_i11
 * holds exactly those rows (state < active, not blocked), in each queue's own partition.
 */
async function jobQueues(tx: Tx): Promise<QueueRow[] | undefined> {
  const present = await tx.execute<{ present: boolean }>(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!present.rows[0]?.present) return undefined;
  const result = await tx.execute<QueueRow>(sql`
    select q.name, w.waiting, w.oldest
      from pgboss.queue q
      cross join lateral (
        select count(*) as waiting, extract(epoch from now() - min(j.start_after)) as oldest
          from pgboss.job j
         where j.name = q.name and j.state < 'active' and not j.blocked and j.start_after <= now()
      ) w`);
  return result.rows;
}

/** Whether the Authorization header is `Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string) {
  const given = request.headers.authorization ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(`Bearer ${token}`));
}

/**
 * GET /metrics in Prometheus's text format (issue 34): request durations by route pattern and status, the job queues,
 * the money and outbox rows waiting, the database pool, the replica, and the process (memory, event-loop delay).
 * Only with `Authorization: Bearer METRICS_TOKEN`; 404 while it is unset. Database figures are read when Prometheus
 * scrapes, by indexed counts, bounded and cached a few seconds (docs/reliability.md, "Metrics, alerts and health").
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('jobWorker', new JobWorkerStatus());
    const token = app.config.metricsToken;
    const notFound = (request: FastifyRequest, reply: FastifyReply) =>
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route GET ${request.url.split('?')[0]}` } });
    if (!token) {
      app.get('/metrics', { schema: { hide: true } }, notFound);
      return;
    }

    const register = new Registry();
    collectDefaultMetrics({ register });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const db = app.db;
    const failures = new Counter({
      name: 'farmstall_metrics_read_failures_total',
      help: 'Scrapes whose database figures could not be read (a lock held, a slow or absent database), by source',
      labelNames: ['source'],
      registers: [register],
    });
    /** Reads `source`'s figures; a failure is counted and its gauges left empty for this scrape. */
    const attempt = async <T>(source: string, read: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await read();
      } catch (error) {
        failures.inc({ source });
        app.log.warn({ err: error, source }, 'metrics: figures not read');
        return undefined;
      }
    };
    const queues = cached(CACHE_MS, () => bounded(db, jobQueues));
    const money = cached(CACHE_MS, () => bounded(db, moneyFigures));
    const slow = cached(SLOW_CACHE_MS, () =>
      bounded(db, async (tx) => ({
        transfersFailed: await failedTransferCount(tx),
        outboxFailed: await outboxFailed(tx),
      })),
    );
    const outbox = cached(CACHE_MS, () => bounded(db, outboxPending));

    const gauge = (name: string, help: string, collect: (g: Gauge) => Promise<void> | void, labelNames?: string[]) =>
      new Gauge({
        name,
        help,
        labelNames: labelNames ?? [],
        registers: [register],
        async collect() {
          this.reset();
          await collect(this);
        },
      });
    const byQueue = async (g: Gauge, field: 'waiting' | 'oldest') => {
      for (const row of (await attempt('jobs', queues)) ?? []) g.set({ queue: row.name }, Number(row[field] ?? 0));
    };
    gauge(
      'farmstall_jobs_waiting',
      'Jobs due and not yet taken by a worker, per pg-boss queue',
      (g) => byQueue(g, 'waiting'),
      ['queue'],
    );
    gauge(
      'farmstall_job_oldest_age_seconds',
      'How long the oldest job due and not taken has waited, per queue (0 when none waits)',
      (g) => byQueue(g, 'oldest'),
      ['queue'],
    );
    gauge(
      'farmstall_job_worker_heartbeat_age_seconds',
      "Seconds since this process's slowest job worker last came back from fetching its queue",
      (g) => {
        const age = app.jobWorker.heartbeatAgeMs();
        if (age !== undefined) g.set(age / 1000);
      },
    );
    gauge(
      'farmstall_unsettled_payment_age_seconds',
      'Seconds since the oldest paid charge that has neither its order nor a refund was paid (0 when none)',
      async (g) => {
        const figures = await attempt('payments', money);
        if (figures) g.set(figures.unsettledPaymentAgeSeconds);
      },
    );
    gauge(
      'farmstall_transfers_pending',
      'Transfers to shops waiting for their next attempt at the provider',
      async (g) => {
        const figures = await attempt('payments', money);
        if (figures) g.set(figures.transfersPending);
      },
    );
    gauge(
      'farmstall_transfers_failed_total',
      'Transfers to shops that failed for good and wait for a person (read at most once a minute)',
      async (g) => {
        const figures = await attempt('slow', slow);
        if (figures) g.set(figures.transfersFailed);
      },
    );
    gauge('farmstall_outbox_pending', 'Notifications (e-mail and bell) waiting to be delivered', async (g) => {
      const pending = await attempt('outbox', outbox);
      if (pending !== undefined) g.set(pending);
    });
    gauge('farmstall_outbox_failed', 'Notifications that failed for good (read at most once a minute)', async (g) => {
      const figures = await attempt('slow', slow);
      if (figures) g.set(figures.outboxFailed);
    });
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    gauge('farmstall_db_pool_total_clients', "Connections in this process's database pool", (g) =>
      g.set(pool.totalCount),
    );
    gauge('farmstall_db_pool_idle_clients', "Idle connections in this process's database pool", (g) =>
      g.set(pool.idleCount),
    );
    gauge('farmstall_db_pool_waiting_clients', 'Queries waiting for a connection of the pool', (g) =>
      g.set(pool.waitingCount),
    );
    gauge(
      'farmstall_replica_up',
      'The read replica: 1 up, 0.5 lagging, 0 down (absent without READ_DATABASE_URL)',
      (g) => {
        const state = app.readReplica?.state();
        if (state) g.set(state.status === 'up' ? 1 : state.status === 'lagging' ? 0.5 : 0);
      },
    );
    gauge(
      'farmstall_replica_lag_seconds',
      'How far the read replica is behind the primary (absent when unknown)',
      (g) => {
        const lagMs = app.readReplica?.state().lagMs;
        if (lagMs !== null && lagMs !== undefined) g.set(lagMs / 1000);
      },
    );

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'UNAUTHENTICATED', message: 'A valid metrics token is required' } });
      }
      const text = await register.metrics();
      return reply.header('content-type', register.contentType).header('cache-control', 'no-store').send(text);
    });
  },
  { name: 'metrics' },
);
