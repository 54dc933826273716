import { queryOptions } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { pageQuery } from '../../api/query-client.ts';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';
import { guardedRoute } from '../../auth/RequireRole.tsx';
import { cartKey, fetchCart } from '../../cart/use-cart.ts';
import { readPage } from '../../ui/TablePager.tsx';
import { couponListQuery } from './admin-coupons.ts';
import { customerStatsKey, getCustomerStats } from './get-customer-stats.ts';
import { getInvoice } from './get-invoice.ts';
import { getPaymentHistory, paymentHistoryKey } from './get-payment-history.ts';

// The loaders' queries, with the keys of the pages' hooks (use-cart.ts, get-customer-stats.ts, get-invoice.ts,
// get-payment-history.ts; admin-coupons.ts and api/vendor-stats.ts export their own) and the table pages in the
// address.
const cart = (email: string) => queryOptions({ queryKey: cartKey(email), queryFn: () => fetchCart(email) });
const stats = queryOptions({ queryKey: customerStatsKey, queryFn: getCustomerStats });
const history = (email: string, page: number) =>
  queryOptions({ queryKey: [...paymentHistoryKey(email), page], queryFn: () => getPaymentHistory(email, page) });
const invoice = (id: string) => queryOptions({ queryKey: ['invoice', id], queryFn: () => getInvoice(id) });

/** Customer cart, checkout, payment history, invoices, premium membership and coupons under /dashboard. */
export const checkoutDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'userHome',
    ['customer'],
    () => import('./UserHomePage.tsx').then((m) => m.UserHomePage),
    () => [pageQuery(stats)],
  ),
  guardedRoute(
    'userCart',
    ['customer'],
    () => import('./CartPage.tsx').then((m) => m.CartPage),
    ({ user }) => [pageQuery(cart(user.email))],
  ),
  guardedRoute(
    'userPayment',
    ['customer'],
    () => import('./PaymentPage.tsx').then((m) => m.PaymentPage),
    ({ user }) => [pageQuery(cart(user.email))],
  ),
  guardedRoute(
    'userPaymentHistory',
    ['customer'],
    () => import('./PaymentHistoryPage.tsx').then((m) => m.PaymentHistoryPage),
    ({ user, search }) => [pageQuery(history(user.email, readPage(search)))],
  ),
  guardedRoute(
    'invoice/:id',
    ['customer', 'admin'],
    () => import('./InvoicePage.tsx').then((m) => m.InvoicePage),
    ({ params }) => [pageQuery(invoice(params.id ?? ''))],
  ),
  guardedRoute(
    'payment',
    ['vendor'],
    () => import('./PremiumPaymentPage.tsx').then((m) => m.PremiumPaymentPage),
    () => [pageQuery(vendorStatsQuery)],
  ),
  guardedRoute(
    'coupons',
    ['admin'],
    () => import('./CouponsPage.tsx').then((m) => m.CouponsPage),
    ({ search }) => [pageQuery(couponListQuery(readPage(search)))],
  ),
];
