import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Role } from '#contract/roles.ts';
import { RequireRole } from '../../auth/RequireRole.tsx';

const only = (roles: Role[], Page: ComponentType) =>
  function GuardedPage() {
    return (
      <RequireRole roles={roles}>
        <Page />
      </RequireRole>
    );
  };

/** Customer cart, checkout, payment history, invoices, premium membership and coupons under /dashboard. */
export const checkoutDashboardRoutes: RouteObject[] = [
  {
    path: 'userHome',
    lazy: () => import('./UserHomePage.tsx').then((m) => ({ Component: only(['customer'], m.UserHomePage) })),
  },
  {
    path: 'userCart',
    lazy: () => import('./CartPage.tsx').then((m) => ({ Component: only(['customer'], m.CartPage) })),
  },
  {
    path: 'userPayment',
    lazy: () => import('./PaymentPage.tsx').then((m) => ({ Component: only(['customer'], m.PaymentPage) })),
  },
  {
    path: 'userPaymentHistory',
    lazy: () =>
      import('./PaymentHistoryPage.tsx').then((m) => ({ Component: only(['customer'], m.PaymentHistoryPage) })),
  },
  {
    path: 'invoice/:id',
    lazy: () => import('./InvoicePage.tsx').then((m) => ({ Component: only(['customer', 'admin'], m.InvoicePage) })),
  },
  {
    path: 'payment',
    lazy: () => import('./PremiumPaymentPage.tsx').then((m) => ({ Component: only(['vendor'], m.PremiumPaymentPage) })),
  },
  {
    path: 'coupons',
    lazy: () => import('./CouponsPage.tsx').then((m) => ({ Component: only(['admin'], m.CouponsPage) })),
  },
];
