import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthApi } from '#contract/api/health.ts';
import { handle } from '../../route-table.ts';

export async function healthRoutes(app: FastifyInstance) {
  handle(app, healthApi.check, async (_request, reply) => {
    // A replica that is down or lagging costs nothing but its reads (they go to the primary): still 'ok'.
    const replica = app.readReplica ? { replica: app.readReplica.state() } : {};
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'up' as const, ...replica };
    } catch {
      return reply.code(503).send({ status: 'degraded', database: 'down', ...replica });
    }
  });
}
