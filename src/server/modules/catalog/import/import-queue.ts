import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { ColumnMapping, ImportJob, ImportReport } from '#contract/catalogue-import.ts';
import type { Db } from '../../../db/client.ts';
import { runImport } from './run-import.ts';

/** pg-boss's queue of catalogue imports and dry runs (decision 060). */
export const IMPORT_QUEUE = 'catalogue-import';

/** What a job carries: the shop, who started it, the file and its mapping, and whether to apply it. */
export type ImportJobData = { vendorId: string; by: string; csv: string; mapping: ColumnMapping; apply: boolean };

type Output = { progress?: { done: number; total: number }; report?: ImportReport };

export type ImportQueue = {
  send: (data: ImportJobData) => Promise<string>;
  /** The job with its data (undefined when there is none by that id). */
  find: (id: string) => Promise<(ImportJob & { data: ImportJobData }) | undefined>;
  stop: () => Promise<void>;
};

const STATES: Record<string, ImportJob['state']> = {
  created: 'waiting',
  retry: 'waiting',
  active: 'running',
  completed: 'done',
  failed: 'failed',
  cancelled: 'failed',
};

const STOPPED = 'The import stopped before it finished: nothing was applied. Run it again.';

/**
 * The import queue on pg-boss (its own connection, schema pgboss), started at the first import a process is asked
 * for, so a server that never imports opens none. Each process that started it also works it, one file at a time:
 * a file's rows are written in one transaction, and the job's output holds its progress while it runs (written on
 * the pool beside that transaction) and its report at the end. No retries: a job cut short applied nothing.
 */
export function importQueue(options: {
  db: Db;
  connectionString?: string;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Called after an applied import (listings everywhere drop their cached pages). */
  changed: () => Promise<void>;
}): ImportQueue {
  const { db, log } = options;
  let started: Promise<PgBoss> | undefined;
  const boss = () => {
    started ??= start();
    return started;
  };

  async function start(): Promise<PgBoss> {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const connectionString = options.connectionString ?? pool.options.connectionString;
    const instance = new PgBoss({ connectionString, max: 2, schema: 'pgboss' });
    instance.on('error', (error) => log.error({ err: error }, 'Import queue error'));
    await instance.start();
    await instance.createQueue(IMPORT_QUEUE, { expireInSeconds: 1800, retryLimit: 0, deleteAfterSeconds: 86_400 });
    await instance.work<ImportJobData>(IMPORT_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      const report = await runImport(db, {
        ...job.data,
        now: options.now(),
        onProgress: progressWriter(db, job.id),
      }).catch((error: unknown) => {
        log.error({ err: error, job: job.id }, 'Import failed');
        throw error;
      });
      if (report.applied) await options.changed();
      log.info({ job: job.id, rows: report.rows, applied: report.applied, errors: report.errors.length }, 'Import ran');
      return { report } satisfies Output;
    });
    return instance;
  }

  return {
    send: async (data) => {
      const id = await (await boss()).send(IMPORT_QUEUE, data);
      if (!id) throw new Error('The import queue refused the job');
      return id;
    },
    find: async (id) => {
      const [job] = await (await boss()).findJobs<ImportJobData>(IMPORT_QUEUE, { id });
      if (!job) return undefined;
      const output = (job.output ?? {}) as Output;
      const state = STATES[job.state] ?? 'waiting';
      const total = output.report?.rows ?? output.progress?.total ?? 0;
      return {
        id: job.id,
        data: job.data,
        apply: job.data.apply,
        state,
        progress: output.report ? { done: total, total } : (output.progress ?? { done: 0, total }),
        report: output.report ?? null,
        failure: state === 'failed' ? STOPPED : null,
      };
    },
    stop: async () => {
      if (started) await (await started).stop({ graceful: true, timeout: 2_000 });
    },
  };
}

/** Writes a running job's progress into its output, at most twice a second, beside the file's transaction. */
function progressWriter(db: Db, id: string) {
  let last = 0;
  return async (done: number, total: number) => {
    const now = Date.now();
    if (now - last < 500 && done < total) return;
    last = now;
    const output = JSON.stringify({ progress: { done, total } } satisfies Output);
    await db.execute(sql`UPDATE pgboss.job SET output = ${output}::jsonb
      WHERE name = ${IMPORT_QUEUE} AND id = ${id}::uuid AND state = 'active'`);
  };
}
