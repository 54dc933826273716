import { pageQuery } from '../../api/query-client.ts';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { productReviewsQuery } from './get-product-reviews.ts';
import { vendorOrdersQuery } from './get-vendor-orders.ts';

// The first queries of the vendor pages, for their route loaders (loaded on the first visit, not with the app),
// by the query options of the pages' hooks (the figures' are api/vendor-stats.ts's), with the table pages in the
// address.
export const vendorHome = () => [pageQuery(vendorStatsQuery)];
export const vendorOrder = ({ search }: GuardedLoad) => [pageQuery(vendorOrdersQuery(readPage(search)))];
export const productReviews = ({ params, search }: GuardedLoad) => [
  pageQuery(productReviewsQuery(params.productId ?? '', readPage(search))),
];
