import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthApi } from '#contract/api/health.ts';
import { handle } from '../../route-table.ts';
import { searchIndexWarming } from '../catalog/index.ts';

const PRIMARY_AWAY =
  'The primary database does not answer: catalog reads come from the replica, writes wait for the primary.';
const NOTHING_ANSWERS = 'Neither the primary database nor the replica answers.';
const WARMING = 'The search index is being built: searches are answered by the database meanwhile.';
/** Behind PgBouncer a query waits while there is no primary (a failover): health does not wait with it. */
const PRIMARY_WAIT_MS = 2_000;

export async function healthRoutes(app: FastifyInstance) {
  // One probe of the primary at a time: while one waits, health checks share it rather than each taking a
  // connection from the pool and waiting too.
  let probe: { since: number; answered: Promise<boolean> } | undefined;
  const primaryAnswers = (): Promise<boolean> => {
    if (!probe) {
      const answered = app.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      probe = { since: Date.now(), answered };
      void answered.then(() => {
        probe = undefined;
      });
    }
    const { since, answered } = probe;
    return Promise.race([
      answered,
      new Promise<boolean>((resolve) =>
        setTimeout(resolve, Math.max(0, since + PRIMARY_WAIT_MS - Date.now()), false).unref(),
      ),
    ]);
  };

  // A stand-by answers `select 1` but takes no write: readiness asks whether the primary is one.
  let writable: { since: number; answered: Promise<'up' | 'read_only' | 'down'> } | undefined;
  const primaryTakesWrites = (): Promise<'up' | 'read_only' | 'down'> => {
    if (!writable) {
      const answered = app.db.execute<{ standby: boolean }>(sql`select pg_is_in_recovery() as standby`).then(
        ({ rows }) => (rows[0]?.standby ? ('read_only' as const) : ('up' as const)),
        () => 'down' as const,
      );
      writable = { since: Date.now(), answered };
      void answered.then(() => {
        writable = undefined;
      });
    }
    const { since, answered } = writable;
    return Promise.race([
      answered,
      new Promise<'down'>((resolve) =>
        setTimeout(resolve, Math.max(0, since + PRIMARY_WAIT_MS - Date.now()), 'down').unref(),
      ),
    ]);
  };

  handle(app, healthApi.live, async () => ({ status: 'ok' as const }));

  handle(app, healthApi.ready, async (_request, reply) => {
    const replicaState = app.readReplica?.state();
    const replica = replicaState ? { replica: replicaState } : {};
    const database = await primaryTakesWrites();
    const ageMs = app.jobWorker.heartbeatAgeMs();
    const limitSeconds = app.config.readyJobHeartbeatSeconds;
    const jobs = {
      status:
        ageMs === undefined ? ('off' as const) : ageMs > limitSeconds * 1000 ? ('stale' as const) : ('ok' as const),
      heartbeatAgeSeconds: ageMs === undefined ? null : Math.round(ageMs / 100) / 10,
    };
    const reasons = [
      database === 'down' ? 'The primary database does not answer.' : undefined,
      database === 'read_only' ? 'The database answers but is a standby: it takes no writes.' : undefined,
      jobs.status === 'stale'
        ? `The job worker has not fetched its queues for ${jobs.heartbeatAgeSeconds} s (limit ${limitSeconds} s): payments may go unsettled.`
        : undefined,
    ].filter((reason) => reason !== undefined);
    if (reasons.length === 0) return { status: 'ready' as const, database, jobs, ...replica };
    return reply.code(503).send({ status: 'not_ready', database, jobs, reason: reasons.join(' '), ...replica });
  });

  handle(app, healthApi.check, async (_request, reply) => {
    // A replica that is down or lagging costs nothing but its reads (they go to the primary): still 'ok'.
    const replicaState = app.readReplica?.state();
    const replica = replicaState ? { replica: replicaState } : {};
    if (await primaryAnswers()) {
      if (searchIndexWarming(app.db))
        return { status: 'warming' as const, database: 'up' as const, reason: WARMING, ...replica };
      return { status: 'ok' as const, database: 'up' as const, ...replica };
    }
    // 200 while the replica answers: a load balancer keeps this server for the reads it can still serve.
    if (replicaState && replicaState.status !== 'down')
      return { status: 'degraded' as const, database: 'down' as const, reason: PRIMARY_AWAY, ...replica };
    return reply.code(503).send({ status: 'down', database: 'down', reason: NOTHING_ANSWERS, ...replica });
  });
}
