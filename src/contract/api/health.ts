import { z } from 'zod';
import { route } from '../route-table.ts';

export const healthStatus = z.object({
  /**
   * degraded: the primary does not answer but the replica does (catalog reads go on); down: neither answers (503);
   * warming: all is up but this server's search index is still being built (searches answered by the database).
   */
  status: z.enum(['ok', 'warming', 'degraded', 'down']),
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

/** Readiness: may this server take traffic (issue 34)? Each check named, with what is wrong when it is not. */
export const readinessStatus = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** The primary: up (it takes writes), read_only (it answers but is a standby), down (no answer within 2 s). */
  database: z.enum(['up', 'read_only', 'down']),
  /**
   * This process's job worker: ok when it fetched its queues within READY_JOB_HEARTBEAT_SECONDS, stale when not
   * (a lock on pg-boss's job table, a lost connection, a job that hangs), off when the process runs none.
   */
  jobs: z.object({ status: z.enum(['ok', 'stale', 'off']), heartbeatAgeSeconds: z.number().nullable() }),
  /** What is wrong, when not ready. */
  reason: z.string().optional(),
  /** As in /health; a replica down or lagging does not make the server unready (reads go to the primary). */
  replica: z.object({ status: z.enum(['up', 'lagging', 'down']), lagMs: z.number().int().nullable() }).optional(),
});

/** For load balancers and uptime checks. */
export const healthApi = {
  check: route({
    method: 'GET',
    path: '/health',
    tag: 'system',
    summary:
      'Is the server up and can it reach its database? 200 ok; 200 warming while its search index is built (searches answered by the database meanwhile); 200 degraded while only the read replica answers (catalog reads go on, writes wait); 503 down when no database answers',
    access: { allow: 'public' },
    status: 200,
    response: healthStatus,
    otherResponses: { 503: healthStatus },
    errors: [],
  }),
  live: route({
    method: 'GET',
    path: '/health/live',
    tag: 'system',
    summary: 'Liveness: the process answers (no database asked); restart it when this fails',
    access: { allow: 'public' },
    status: 200,
    response: z.object({ status: z.literal('ok') }),
    errors: [],
  }),
  ready: route({
    method: 'GET',
    path: '/health/ready',
    tag: 'system',
    summary:
      'Readiness: the primary takes writes and the job worker fetched its queues recently; 503 not_ready names what is wrong. Point the load balancer here',
    access: { allow: 'public' },
    status: 200,
    response: readinessStatus,
    otherResponses: { 503: readinessStatus },
    errors: [],
  }),
};
