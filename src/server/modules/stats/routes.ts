import type { FastifyInstance } from 'fastify';
import { statsApi } from '#contract/api/stats.ts';
import { handle } from '../../route-table.ts';
import { getAdminSeries, getAdminStats, getVendorSales, getVendorStats } from './service.ts';

/** Dashboard figures: a vendor's own, and the business-wide ones for admins. */
export async function statsRoutes(app: FastifyInstance) {
  handle(app, statsApi.vendorStats, async ({ user }) => getVendorStats(app.db, user));

  handle(app, statsApi.vendorSales, async ({ query, user }) => getVendorSales(app.db, user.id, query.range));

  handle(app, statsApi.adminStats, async () => getAdminStats(app.db));

  handle(app, statsApi.adminSeries, async ({ query }) => getAdminSeries(app.db, query.range));
}
