import { z } from 'zod';
import { route } from '../route-table.ts';

export const healthStatus = z.object({
  /** degraded: the primary does not answer but the replica does (catalog reads go on); down: neither answers (503). */
  status: z.enum(['ok', 'degraded', 'down']),
  /** The primary. */
  database: z.enum(['up', 'down']),
  /** What is wrong, when the status is not ok. */
  reason: z.string().optional(),
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
      'Is the server up and can it reach its database? 200 ok; 200 degraded while only the read replica answers (catalog reads go on, writes wait); 503 down when no database answers',
    access: { allow: 'public' },
    status: 200,
    response: healthStatus,
    otherResponses: { 503: healthStatus },
    errors: [],
  }),
};
