import { route } from '../route-table.ts';
import { adminSeries, adminStats, rangeQuery, vendorSales, vendorStats } from '../stats.ts';

/** Dashboard figures: a vendor's own, and the business-wide ones for admins. */
export const statsApi = {
  vendorStats: route({
    method: 'GET',
    path: '/vendor/stats',
    tag: 'stats',
    summary: "The signed-in vendor's products, orders, revenue and shop",
    access: { allow: ['vendor'] },
    status: 200,
    response: vendorStats,
    errors: [404],
  }),
  vendorSales: route({
    method: 'GET',
    path: '/vendor/sales',
    tag: 'stats',
    summary: "The signed-in vendor's sales over time and by product",
    access: { allow: ['vendor'] },
    query: rangeQuery,
    status: 200,
    response: vendorSales,
    errors: [],
  }),
  adminStats: route({
    method: 'GET',
    path: '/admin-stats',
    tag: 'stats',
    summary: 'Business-wide statistics (admin)',
    access: { allow: ['admin'] },
    status: 200,
    response: adminStats,
    errors: [],
  }),
  adminSeries: route({
    method: 'GET',
    path: '/admin/series',
    tag: 'stats',
    summary: 'Orders and revenue over time (admin)',
    access: { allow: ['admin'] },
    query: rangeQuery,
    status: 200,
    response: adminSeries,
    errors: [],
  }),
};
