import { queryOptions } from '@tanstack/react-query';
import { stepQuery } from '../../api/kept-query.ts';
import { pageQuery } from '../../api/query-client.ts';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { cartKey, fetchCart } from '../../cart/use-cart.ts';
import { readPage } from '../../ui/TablePager.tsx';
import { couponListQuery } from './admin-coupons.ts';
import { customerStatsKey, getCustomerStats } from './get-customer-stats.ts';
import { getInvoice } from './get-invoice.ts';
import { getPaymentHistory, paymentHistoryKey } from './get-payment-history.ts';

// The first queries of the customer's pages, the premium membership and the coupons, for their route loaders
// (loaded on the first visit, not with the app), with the keys of the pages' hooks (use-cart.ts,
// get-customer-stats.ts, get-invoice.ts, get-payment-history.ts; admin-coupons.ts and api/vendor-stats.ts export
// their own) and the table pages in the address.
const cart = (email: string) => queryOptions({ queryKey: cartKey(email), queryFn: () => fetchCart(email) });
const stats = queryOptions({ queryKey: customerStatsKey, queryFn: getCustomerStats });
const history = (email: string, page: number) =>
  stepQuery(paymentHistoryKey(email), page, (at) => getPaymentHistory(email, at));
const invoice = (id: string) => queryOptions({ queryKey: ['invoice', id], queryFn: () => getInvoice(id) });

export const userHome = () => [pageQuery(stats)];
export const userCart = ({ user }: GuardedLoad) => [pageQuery(cart(user.email))];
export const userPaymentHistory = ({ user, search }: GuardedLoad) => [pageQuery(history(user.email, readPage(search)))];
export const invoicePage = ({ params }: GuardedLoad) => [pageQuery(invoice(params.id ?? ''))];
export const premiumPayment = () => [pageQuery(vendorStatsQuery)];
export const coupons = ({ search }: GuardedLoad) => [pageQuery(couponListQuery(readPage(search)))];
