import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSeries, adminStats, rangeQuery, vendorSales, vendorStats } from '#contract/stats.ts';
import { getAdminSeries, getAdminStats, getVendorSales, getVendorStats } from './service.ts';

/** Dashboard figures: a vendor's own, and the business-wide ones for admins. */
export async function statsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/vendor/stats',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['stats'],
        summary: "The signed-in vendor's products, orders, revenue and shop",
        response: { 200: vendorStats },
      },
    },
    async (request) => getVendorStats(app.db, request.user!.id),
  );

  api.get(
    '/vendor/sales',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['stats'],
        summary: "The signed-in vendor's sales over time and by product",
        querystring: rangeQuery,
        response: { 200: vendorSales },
      },
    },
    async (request) => getVendorSales(app.db, request.user!.id, request.query.range),
  );

  api.get(
    '/admin-stats',
    {
      onRequest: app.requireRole('admin'),
      schema: { tags: ['stats'], summary: 'Business-wide statistics (admin)', response: { 200: adminStats } },
    },
    async () => getAdminStats(app.db),
  );

  api.get(
    '/admin/series',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['stats'],
        summary: 'Orders and revenue over time (admin)',
        querystring: rangeQuery,
        response: { 200: adminSeries },
      },
    },
    async (request) => getAdminSeries(app.db, request.query.range),
  );
}
