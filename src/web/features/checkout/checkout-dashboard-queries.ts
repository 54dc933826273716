import { pageQuery } from '../../api/query-client.ts';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { cartQuery } from '../../cart/use-cart.ts';
import { readPage } from '../../ui/TablePager.tsx';
import { couponListQuery } from './admin-coupons.ts';
import { customerStatsQuery } from './get-customer-stats.ts';
import { invoiceQuery } from './get-invoice.ts';
import { offeredPlansQuery } from './get-membership-plans.ts';
import { paymentHistoryQuery } from './get-payment-history.ts';

// The first queries of the customer's pages, the premium membership and the coupons, for their route loaders
// (loaded on the first visit, not with the app), by the query options of the pages' hooks, with the table pages
// in the address.
export const userHome = () => [pageQuery(customerStatsQuery)];
export const userCart = ({ user }: GuardedLoad) => [pageQuery(cartQuery(user.email))];
export const userPaymentHistory = ({ user, search }: GuardedLoad) => [
  pageQuery(paymentHistoryQuery(user.email, readPage(search))),
];
export const invoicePage = ({ params }: GuardedLoad) => [pageQuery(invoiceQuery(params.id ?? ''))];
export const premiumPayment = () => [pageQuery(vendorStatsQuery), pageQuery(offeredPlansQuery)];
export const coupons = ({ search }: GuardedLoad) => [pageQuery(couponListQuery(readPage(search)))];
