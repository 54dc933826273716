import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { adminStatsQuery } from './get-admin-stats.ts';
import { commissionQuery } from './get-commission.ts';
import { contactMessagesQuery } from './get-contact-messages.ts';
import { couponsQuery } from './get-coupons.ts';
import { deskOrdersQuery, deskStoryQuery, readDeskFilters } from './get-desk-orders.ts';
import { earningsQuery } from './get-earnings.ts';
import { membershipPlansQuery } from './get-membership-plans.ts';
import { reportedReviewsQuery } from './get-reported-reviews.ts';
import { shopPayoutsQuery } from './get-shop-payouts.ts';
import { taxQuery } from './get-tax.ts';
import { readShopSearch } from './shop-search.ts';

// The first queries of the admin pages, for their route loaders (loaded on the first visit, not with the app),
// by the query options of the pages' hooks, with the table pages in the address.
export const adminHome = ({ search }: GuardedLoad) => [
  pageQuery(adminStatsQuery),
  pageQuery(earningsQuery),
  pageQuery(contactMessagesQuery(readPage(search, 'messages'))),
  pageQuery(couponsQuery(readPage(search, 'coupons'))),
];
export const adminOrders = ({ search }: GuardedLoad) => [
  pageQuery(deskOrdersQuery({ page: readPage(search), ...readDeskFilters(search) })),
];
export const adminOrder = ({ params }: GuardedLoad) => [pageQuery(deskStoryQuery(params.id ?? ''))];
export const reportedReviews = ({ search }: GuardedLoad) => [pageQuery(reportedReviewsQuery(readPage(search)))];
export const commission = () => [pageQuery(commissionQuery)];
export const memberships = () => [pageQuery(membershipPlansQuery)];
export const shopPayouts = ({ search }: GuardedLoad) => [
  pageQuery(shopPayoutsQuery({ page: readPage(search), q: readShopSearch(search) })),
];
export const tax = () => [pageQuery(taxQuery)];
