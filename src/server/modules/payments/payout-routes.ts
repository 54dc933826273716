import type { FastifyInstance } from 'fastify';
import { payoutsApi } from '#contract/api/payouts.ts';
import { handle } from '../../route-table.ts';
import { commissionSettings, setCommission } from './commission.ts';

/** The marketplace's commission (admin). */
export async function payoutRoutes(app: FastifyInstance) {
  handle(app, payoutsApi.commission, async () => commissionSettings(app.db));
  handle(app, payoutsApi.setCommission, async ({ body, user }) => setCommission(app.db, user.id, body));
}
