import type { FastifyInstance } from 'fastify';
import { adminPayoutsApi } from '#contract/api/admin-payouts.ts';
import { handle } from '../../route-table.ts';
import type { PayoutSources } from './sources.ts';

/** The admin's view of the money: the marketplace's earnings by month and every shop's payouts. */
export async function adminPayoutRoutes(app: FastifyInstance, sources: PayoutSources) {
  handle(app, adminPayoutsApi.earnings, async ({ query }) => sources.earningsByMonth(app.db, query.months));

  handle(app, adminPayoutsApi.shops, async ({ query }) =>
    sources.shopPayoutsPage(app.db, app.payments.active.name, query),
  );
}
