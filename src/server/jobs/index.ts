import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { businessDayToday } from '../business-day.ts';
import type { Db } from '../db/client.ts';
import { tellFavouritesMarkedDown } from '../modules/catalog/index.ts';
import {
  createMailer,
  type DeliveryOptions,
  deleteOldSentNotifications,
  deliverDueNotifications,
} from '../modules/notifications/index.ts';
import { settleLapsingHolds } from '../modules/orders/index.ts';
import type { PaymentProvider, Settle } from '../modules/payments/index.ts';
import { runSubscriptionDeliveries, type SubscriptionJobSettings } from '../modules/subscriptions/index.ts';
import { type ReconcileOptions, reconcilePayments } from './reconcile.ts';
import { retryDueCaptures, retryDueRefunds, retryDueTransfers } from './refund-retries.ts';
import { type RetentionOptions, runRetention } from './retention.ts';
import type { JobWorkerStatus } from './worker-status.ts';

/** `refunds` (the queue keeps its first name) retries every money row: refunds, captures, transfers and reversals. */
export const JOB_QUEUES = { reconcile: 'payments-reconcile', refunds: 'refunds-retry' } as const;
/** Delivers due notifications (decision 019); offered every few seconds rather than every `everySeconds`. */
export const NOTIFICATIONS_QUEUE = 'notifications-deliver';
/** Deletes outbox rows delivered more than 30 days ago; offered once an hour. */
export const OUTBOX_CLEANUP_QUEUE = 'notifications-cleanup';
/** Tells shoppers whose favourite starts its near-expiry markdown today (once a day each); offered once an hour. */
export const MARKDOWN_NOTICES_QUEUE = 'favourites-markdowns';
/** The jobs offered once an hour: each is idempotent, and at most one runs per hour across all processes. */
const HOURLY_QUEUES = [OUTBOX_CLEANUP_QUEUE, MARKDOWN_NOTICES_QUEUE];
/** Makes subscriptions' delivery orders and charges them at the cutoff (decision 068); offered every `everySeconds`. */
export const SUBSCRIPTIONS_QUEUE = 'subscription-deliveries';
/** Deletes what has no further use (jobs/retention.ts, the RETENTION_* settings); offered once a day. */
export const RETENTION_QUEUE = 'retention';

export type JobsOptions = {
  db: Db;
  /** pg-boss's own connection; it needs a session (DATABASE_DIRECT_URL behind pgbouncer). Default: the db's. */
  connectionString?: string;
  log: FastifyBaseLogger;
  /** The card provider payments are settled and refunded with. */
  provider: PaymentProvider;
  /** Settles a payment intent with that provider (app.payments.settle). */
  settle: Settle;
  /** How often reconciliation and refund retries run (one run per period across all processes). */
  everySeconds?: number;
  /** How often an idle worker looks for a job. */
  pollingIntervalSeconds?: number;
  reconcile?: ReconcileOptions;
  /** The subscriptions' delivery job's settings (none: not run). */
  subscriptions?: SubscriptionJobSettings;
  /** What the daily retention job deletes (none: not run). */
  retention?: RetentionOptions;
  /** Notification delivery: where e-mails go, links back to the app, the receipt's attachments (none: not run). */
  notifications?: Omit<DeliveryOptions, 'mailer' | 'log'> & { mail: Parameters<typeof createMailer>[0] };
  /** How often notification delivery runs (default 2 s: the bell and e-mails follow the change closely). */
  notifyEverySeconds?: number;
  /** Where readiness and /metrics read this worker's heartbeat (app.jobWorker). */
  status?: JobWorkerStatus;
};

export type Jobs = { boss: PgBoss; tick: () => Promise<void>; stop: () => Promise<void> };

/**
 * Background payment work on pg-boss, in the same PostgreSQL (its own schema, pgboss). Every `everySeconds`
 * each process offers one job per queue for the current time slot (singletonKey + singletonSeconds), so
 * however many processes run, each slot makes one job; a worker claims it with SKIP LOCKED. The jobs are
 * idempotent: payment reconciliation (paid intents first, then the unpaid ones due, each walk by its own index and at
 * most its limit: decision 055; abandoned and expired ones cancelled), due refund and capture retries, the
 * card holds of unweighed orders about to lapse (settleLapsingHolds), and the shops' transfers and their reversals.
 */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { db, log } = options;
  const { provider, settle } = options;
  const everySeconds = options.everySeconds ?? 15;
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const connectionString = options.connectionString ?? pool.options.connectionString;
  const boss = new PgBoss({ connectionString, max: 3, schema: 'pgboss' });
  // pg-boss reports a lost connection here (the jobs go on once the database answers again); some of its reports
  // are plain objects copied from the error, which the log would show as no error at all.
  boss.on('error', (error) => log.error({ err: asError(error) }, 'Job queue error'));
  await boss.start();

  // No pg-boss retries (decision 043): every job is a sweep offered again each slot, and a money row keeps its own
  // attempts, error and backed-off next attempt (attemptAtProvider), so a failed run is simply the next slot's.
  const queue = { expireInSeconds: 120, retryLimit: 0, deleteAfterSeconds: 3600 };
  await boss.createQueue(JOB_QUEUES.reconcile, queue);
  await boss.createQueue(JOB_QUEUES.refunds, queue);
  await boss.createQueue(NOTIFICATIONS_QUEUE, queue);
  for (const name of HOURLY_QUEUES) await boss.createQueue(name, queue);
  await boss.createQueue(RETENTION_QUEUE, queue);
  await boss.createQueue(SUBSCRIPTIONS_QUEUE, queue);
  const work = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(JOB_QUEUES.reconcile, work, async () => {
    await reconcilePayments(db, { provider, settle }, { log, ...options.reconcile });
  });
  await boss.work(JOB_QUEUES.refunds, work, async () => {
    await retryDueRefunds(db, provider, { log });
    await retryDueCaptures(db, provider, { log });
    await settleLapsingHolds(db, provider, { log });
    await retryDueTransfers(db, provider, { log });
  });
  await boss.work(OUTBOX_CLEANUP_QUEUE, work, async () => {
    const deleted = await deleteOldSentNotifications(db);
    if (deleted > 0) log.info({ deleted }, 'Old delivered notifications deleted from the outbox');
  });
  const retention = options.retention;
  if (retention) await boss.work(RETENTION_QUEUE, work, async () => void (await runRetention(db, retention, log)));
  const subscriptions = options.subscriptions;
  if (subscriptions)
    await boss.work(SUBSCRIPTIONS_QUEUE, work, async () => {
      const { made, charged } = await runSubscriptionDeliveries(db, provider, subscriptions, { log });
      if (made > 0 || charged.length > 0) log.info({ made, charged }, 'Subscription deliveries made and charged');
    });
  await boss.work(MARKDOWN_NOTICES_QUEUE, work, async () => {
    const told = await tellFavouritesMarkedDown(db, await businessDayToday(db));
    if (told > 0) log.info({ told }, 'Shoppers told their favourites are marked down');
  });

  // Due outbox rows (decision 019): offered every few seconds, so the bell and e-mails follow the change closely.
  const mailer = options.notifications && createMailer(options.notifications.mail);
  if (options.notifications && mailer) {
    const delivery = { ...options.notifications, mailer, log };
    await boss.work(NOTIFICATIONS_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
      await deliverDueNotifications(db, delivery);
    });
  }
  const notifyEverySeconds = options.notifyEverySeconds ?? 2;
  // The heartbeat: when the slowest worker last came back from fetching (a worker that never has: since it started).
  options.status?.attach(() => {
    const beats = boss.getWipData().map((worker) => worker.lastFetchedOn ?? worker.createdOn);
    return beats.length > 0 ? Math.min(...beats) : 0;
  });

  const tick = async () => {
    for (const name of Object.values(JOB_QUEUES)) {
      await boss.send(name, {}, { singletonKey: name, singletonSeconds: everySeconds });
    }
    for (const name of HOURLY_QUEUES) await boss.send(name, {}, { singletonKey: name, singletonSeconds: 3600 });
    if (options.subscriptions)
      await boss.send(SUBSCRIPTIONS_QUEUE, {}, { singletonKey: SUBSCRIPTIONS_QUEUE, singletonSeconds: everySeconds });
    // One retention run a day across all processes (the slot is the UTC day).
    if (options.retention)
      await boss.send(RETENTION_QUEUE, {}, { singletonKey: RETENTION_QUEUE, singletonSeconds: 86_400 });
  };
  const timer = setInterval(
    () => tick().catch((error) => log.error({ err: error }, 'Offering jobs failed')),
    everySeconds * 1000,
  );
  const offerDelivery = () =>
    boss.send(NOTIFICATIONS_QUEUE, {}, { singletonKey: NOTIFICATIONS_QUEUE, singletonSeconds: notifyEverySeconds });
  const notifyTimer = setInterval(
    () => mailer && offerDelivery().catch((error) => log.error({ err: error }, 'Offering jobs failed')),
    notifyEverySeconds * 1000,
  );
  await tick();
  log.info({ everySeconds }, 'Payment jobs started (reconciliation, refund retries)');

  return {
    boss,
    tick,
    stop: async () => {
      options.status?.detach();
      clearInterval(timer);
      clearInterval(notifyTimer);
      await boss.stop({ graceful: true, timeout: 2_000 });
      mailer?.close();
    },
  };
}

/** An Error with the message, code and cause of what pg-boss emitted (an Error, or an object copied from one). */
function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' ? fields.message : String(value);
  const error = new Error(message, fields.cause === undefined ? {} : { cause: fields.cause });
  if (typeof fields.code === 'string') Object.assign(error, { code: fields.code });
  if (typeof fields.stack === 'string') error.stack = fields.stack;
  return error;
}
