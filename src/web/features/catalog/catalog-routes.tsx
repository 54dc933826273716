import type { RouteObject } from 'react-router';

/** Storefront pages: categories, product, shops, search. */
export const catalogRoutes: RouteObject[] = [];
