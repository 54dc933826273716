import { queryOptions } from '@tanstack/react-query';
import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { adminStatsKey, getAdminStats } from './get-admin-stats.ts';
import { getContactMessages } from './get-contact-messages.ts';
import { couponsQuery } from './get-coupons.ts';
import { getReportedReviews, reportedReviewsKey } from './get-reported-reviews.ts';

// The first queries of the admin pages, for their route loaders (loaded on the first visit, not with the app),
// with the keys of the pages' hooks (get-admin-stats.ts, get-contact-messages.ts, get-reported-reviews.ts;
// get-coupons.ts exports its own) and the table pages in the address.
const stats = queryOptions({ queryKey: adminStatsKey, queryFn: getAdminStats });
const messages = (page: number) =>
  queryOptions({ queryKey: ['contact-messages', page], queryFn: () => getContactMessages(page) });
const reported = (page: number) =>
  queryOptions({ queryKey: [...reportedReviewsKey, page], queryFn: () => getReportedReviews(page) });

export const adminHome = ({ search }: GuardedLoad) => [
  pageQuery(stats),
  pageQuery(messages(readPage(search, 'messages'))),
  pageQuery(couponsQuery(readPage(search, 'coupons'))),
];
export const reportedReviews = ({ search }: GuardedLoad) => [pageQuery(reported(readPage(search)))];
