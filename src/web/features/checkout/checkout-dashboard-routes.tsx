import type { RouteObject } from 'react-router';

/** Customer cart, checkout, payment history, invoices, premium membership under /dashboard. */
export const checkoutDashboardRoutes: RouteObject[] = [];
