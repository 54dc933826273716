import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Customer cart, checkout, payment history, invoices, premium membership and coupons under /dashboard. */
export const checkoutDashboardRoutes = guardedRoutes(['customer'], () => import('./checkout-dashboard-queries.ts'), [
  { path: 'userHome', page: () => import('./UserHomePage.tsx').then((m) => m.UserHomePage), first: 'userHome' },
  { path: 'userCart', page: () => import('./CartPage.tsx').then((m) => m.CartPage), first: 'userCart' },
  { path: 'userPayment', page: () => import('./PaymentPage.tsx').then((m) => m.PaymentPage), first: 'userCart' },
  {
    path: 'userPaymentHistory',
    page: () => import('./PaymentHistoryPage.tsx').then((m) => m.PaymentHistoryPage),
    first: 'userPaymentHistory',
  },
  {
    path: 'invoice/:id',
    roles: ['customer', 'admin'],
    page: () => import('./InvoicePage.tsx').then((m) => m.InvoicePage),
    first: 'invoicePage',
  },
  {
    path: 'payment',
    roles: ['vendor'],
    page: () => import('./PremiumPaymentPage.tsx').then((m) => m.PremiumPaymentPage),
    first: 'premiumPayment',
  },
  {
    path: 'coupons',
    roles: ['admin'],
    page: () => import('./CouponsPage.tsx').then((m) => m.CouponsPage),
    first: 'coupons',
  },
]);
