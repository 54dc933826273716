import type { RouteObject } from 'react-router';
import { guardedRoute } from '../../auth/RequireRole.tsx';

/** Customer cart, checkout, payment history, invoices, premium membership and coupons under /dashboard. */
export const checkoutDashboardRoutes: RouteObject[] = [
  guardedRoute('userHome', ['customer'], () => import('./UserHomePage.tsx').then((m) => m.UserHomePage)),
  guardedRoute('userCart', ['customer'], () => import('./CartPage.tsx').then((m) => m.CartPage)),
  guardedRoute('userPayment', ['customer'], () => import('./PaymentPage.tsx').then((m) => m.PaymentPage)),
  guardedRoute('userPaymentHistory', ['customer'], () =>
    import('./PaymentHistoryPage.tsx').then((m) => m.PaymentHistoryPage),
  ),
  guardedRoute('invoice/:id', ['customer', 'admin'], () => import('./InvoicePage.tsx').then((m) => m.InvoicePage)),
  guardedRoute('payment', ['vendor'], () => import('./PremiumPaymentPage.tsx').then((m) => m.PremiumPaymentPage)),
  guardedRoute('coupons', ['admin'], () => import('./CouponsPage.tsx').then((m) => m.CouponsPage)),
];
