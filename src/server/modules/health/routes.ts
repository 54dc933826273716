import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthApi } from '#contract/api/health.ts';
import { handle } from '../../route-table.ts';

const PRIMARY_AWAY =
  'The primary database does not answer: catalog reads come from the replica, writes wait for the primary.';
const NOTHING_ANSWERS = 'Neither the primary database nor the replica answers.';

export async function healthRoutes(app: FastifyInstance) {
  handle(app, healthApi.check, async (_request, reply) => {
    // A replica that is down or lagging costs nothing but its reads (they go to the primary): still 'ok'.
    const replicaState = app.readReplica?.state();
    const replica = replicaState ? { replica: replicaState } : {};
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'up' as const, ...replica };
    } catch {
      // 200 while the replica answers: a load balancer keeps this server for the reads it can still serve.
      if (replicaState && replicaState.status !== 'down')
        return { status: 'degraded' as const, database: 'down' as const, reason: PRIMARY_AWAY, ...replica };
      return reply.code(503).send({ status: 'down', database: 'down', reason: NOTHING_ANSWERS, ...replica });
    }
  });
}
