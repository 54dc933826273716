import { stepQuery } from '../../api/kept-query.ts';
import { pageQuery } from '../../api/query-client.ts';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { getProductReviews, productReviewsKey } from './get-product-reviews.ts';
import { getVendorOrders, vendorOrdersKey } from './get-vendor-orders.ts';

// The first queries of the vendor pages, for their route loaders (loaded on the first visit, not with the app),
// with the keys of the pages' hooks (get-vendor-orders.ts, get-product-reviews.ts; the figures' query is
// api/vendor-stats.ts's) and the table pages in the address.
const reviews = (productId: string, page: number) =>
  stepQuery(productReviewsKey(productId), page, (at) => getProductReviews(productId, at));

export const vendorHome = () => [pageQuery(vendorStatsQuery)];
export const vendorOrder = ({ search }: GuardedLoad) => [
  pageQuery(stepQuery(vendorOrdersKey, readPage(search), getVendorOrders)),
];
export const productReviews = ({ params, search }: GuardedLoad) => [
  pageQuery(reviews(params.productId ?? '', readPage(search))),
];
