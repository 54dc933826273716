import type { RouteObject } from 'react-router';

/** Vendor home, orders, revenue and reviews under /dashboard. */
export const vendorDashboardRoutes: RouteObject[] = [];
