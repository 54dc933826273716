import type { RouteObject } from 'react-router';

/** Admin user lists under /dashboard. */
export const accountDashboardRoutes: RouteObject[] = [];
