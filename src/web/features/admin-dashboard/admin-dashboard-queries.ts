import { queryOptions } from '@tanstack/react-query';
import { stepQuery } from '../../api/kept-query.ts';
import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { adminStatsKey, getAdminStats } from './get-admin-stats.ts';
import { contactMessagesKey, getContactMessages } from './get-contact-messages.ts';
import { couponsQuery } from './get-coupons.ts';
import { getReportedReviews, reportedReviewsKey } from './get-reported-reviews.ts';

// The first queries of the admin pages, for their route loaders (loaded on the first visit, not with the app),
// with the keys of the pages' hooks (get-admin-stats.ts, get-contact-messages.ts, get-reported-reviews.ts;
// get-coupons.ts exports its own) and the table pages in the address.
const stats = queryOptions({ queryKey: adminStatsKey, queryFn: getAdminStats });

export const adminHome = ({ search }: GuardedLoad) => [
  pageQuery(stats),
  pageQuery(stepQuery(contactMessagesKey, readPage(search, 'messages'), getContactMessages)),
  pageQuery(couponsQuery(readPage(search, 'coupons'))),
];
export const reportedReviews = ({ search }: GuardedLoad) => [
  pageQuery(stepQuery(reportedReviewsKey, readPage(search), getReportedReviews)),
];
