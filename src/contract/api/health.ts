import { z } from 'zod';
import { route } from '../route-table.ts';

export const healthStatus = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** For load balancers and uptime checks. */
export const healthApi = {
  check: route({
    method: 'GET',
    path: '/health',
    tag: 'system',
    summary: 'Is the server up and can it reach its database? (503 with status degraded when it cannot)',
    access: { allow: 'public' },
    status: 200,
    response: healthStatus,
    otherResponses: { 503: healthStatus },
    errors: [],
  }),
};
