import type { RouteObject } from 'react-router';

/** Sign-in, sign-up and vendor registration pages (public). */
export const accountRoutes: RouteObject[] = [];
