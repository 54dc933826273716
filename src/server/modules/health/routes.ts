import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthApi } from '#contract/api/health.ts';
import { handle } from '../../route-table.ts';

export async function healthRoutes(app: FastifyInstance) {
  handle(app, healthApi.check, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'up' as const };
    } catch {
      return reply.code(503).send({ status: 'degraded', database: 'down' });
    }
  });
}
