import type { RouteObject } from 'react-router';

/** Admin home, moderation and messages under /dashboard. */
export const adminDashboardRoutes: RouteObject[] = [];
