import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Customer cart, checkout, payment history, invoices, premium membership and coupons under /dashboard. */
export const checkoutDashboardRoutes = guardedRoutes(['customer'], () => import('./checkout-dashboard-queries.ts'), [
  {
    path: DASHBOARD_PAGES.userHome,
    page: () => import('./UserHomePage.tsx').then((m) => m.UserHomePage),
    first: 'userHome',
  },
  { path: DASHBOARD_PAGES.userCart, page: () => import('./CartPage.tsx').then((m) => m.CartPage), first: 'userCart' },
  {
    path: DASHBOARD_PAGES.userPayment,
    page: () => import('./PaymentPage.tsx').then((m) => m.PaymentPage),
    first: 'userCart',
  },
  {
    path: DASHBOARD_PAGES.userPaymentHistory,
    page: () => import('./PaymentHistoryPage.tsx').then((m) => m.PaymentHistoryPage),
    first: 'userPaymentHistory',
  },
  {
    path: DASHBOARD_PAGES.invoice,
    roles: ['customer', 'admin'],
    page: () => import('./InvoicePage.tsx').then((m) => m.InvoicePage),
    first: 'invoicePage',
  },
  {
    path: DASHBOARD_PAGES.payment,
    roles: ['vendor'],
    page: () => import('./PremiumPaymentPage.tsx').then((m) => m.PremiumPaymentPage),
    first: 'premiumPayment',
  },
  {
    path: DASHBOARD_PAGES.coupons,
    roles: ['admin'],
    page: () => import('./CouponsPage.tsx').then((m) => m.CouponsPage),
    first: 'coupons',
  },
]);
