import { z } from 'zod';
import { route } from '../route-table.ts';

export const healthStatus = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /**
   * With READ_DATABASE_URL: the streaming replica, lagging when it is more than READ_REPLICA_MAX_LAG_MS behind
   * (catalog reads then go to the primary, as while it is down); lagMs null when unknown.
   */
  replica: z.object({ status: z.enum(['up', 'lagging', 'down']), lagMs: z.number().int().nullable() }).optional(),
});

/** For load balancers and uptime checks. */
export const healthApi = {
  check: route({
    method: 'GET',
    path: '/health',
    tag: 'system',
    summary:
      'Is the server up and can it reach its database? (503 with status degraded when it cannot; the read replica, if any, is reported without changing the status)',
    access: { allow: 'public' },
    status: 200,
    response: healthStatus,
    otherResponses: { 503: healthStatus },
    errors: [],
  }),
};
