import type { RouteObject } from 'react-router';

/** Vendor product management under /dashboard. */
export const catalogDashboardRoutes: RouteObject[] = [];
