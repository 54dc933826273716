import type { RouteObject } from 'react-router';
import { guardedQueries, guardedRoute } from '../../auth/RequireRole.tsx';

const first = guardedQueries(() => import('./checkout-dashboard-queries.ts'));

/** Customer cart, checkout, payment history, invoices, premium membership and coupons under /dashboard. */
export const checkoutDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'userHome',
    ['customer'],
    () => import('./UserHomePage.tsx').then((m) => m.UserHomePage),
    first('userHome'),
  ),
  guardedRoute('userCart', ['customer'], () => import('./CartPage.tsx').then((m) => m.CartPage), first('userCart')),
  guardedRoute(
    'userPayment',
    ['customer'],
    () => import('./PaymentPage.tsx').then((m) => m.PaymentPage),
    first('userCart'),
  ),
  guardedRoute(
    'userPaymentHistory',
    ['customer'],
    () => import('./PaymentHistoryPage.tsx').then((m) => m.PaymentHistoryPage),
    first('userPaymentHistory'),
  ),
  guardedRoute(
    'invoice/:id',
    ['customer', 'admin'],
    () => import('./InvoicePage.tsx').then((m) => m.InvoicePage),
    first('invoicePage'),
  ),
  guardedRoute(
    'payment',
    ['vendor'],
    () => import('./PremiumPaymentPage.tsx').then((m) => m.PremiumPaymentPage),
    first('premiumPayment'),
  ),
  guardedRoute('coupons', ['admin'], () => import('./CouponsPage.tsx').then((m) => m.CouponsPage), first('coupons')),
];
