import { pageQuery } from '../../api/query-client.ts';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { fulfilmentQuery } from './get-fulfilment.ts';
import { payoutAccountQuery } from './get-payout-account.ts';
import { productReviewsQuery } from './get-product-reviews.ts';
import { readWeekFilters, slotSheetQuery, vendorWeekQuery } from './get-vendor-week.ts';

// The first queries of the vendor pages, for their route loaders (loaded on the first visit, not with the app),
// by the query options of the pages' hooks (the figures' are api/vendor-stats.ts's), with the table pages in the
// address.
export const vendorHome = ({ user }: GuardedLoad) => [
  pageQuery(vendorStatsQuery),
  pageQuery(fulfilmentQuery(user.id)),
  pageQuery(payoutAccountQuery),
];
export const vendorOrder = ({ search, user }: GuardedLoad) => [
  pageQuery(vendorWeekQuery(user.id, readWeekFilters(search))),
];
export const slotSheet = ({ params, user }: GuardedLoad) => [pageQuery(slotSheetQuery(user.id, params.slotId ?? ''))];
export const productReviews = ({ params, search }: GuardedLoad) => [
  pageQuery(productReviewsQuery(params.productId ?? '', readPage(search))),
];
export const payouts = () => [pageQuery(payoutAccountQuery)];
