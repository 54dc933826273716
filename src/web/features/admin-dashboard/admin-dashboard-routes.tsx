import { queryOptions } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { pageQuery } from '../../api/query-client.ts';
import { guardedRoute } from '../../auth/RequireRole.tsx';
import { readPage } from '../../ui/TablePager.tsx';
import { adminStatsKey, getAdminStats } from './get-admin-stats.ts';
import { getContactMessages } from './get-contact-messages.ts';
import { couponsQuery } from './get-coupons.ts';
import { getReportedReviews, reportedReviewsKey } from './get-reported-reviews.ts';

// The loaders' queries, with the keys of the pages' hooks (get-admin-stats.ts, get-contact-messages.ts,
// get-reported-reviews.ts; get-coupons.ts exports its own) and the table pages in the address.
const stats = queryOptions({ queryKey: adminStatsKey, queryFn: getAdminStats });
const messages = (page: number) =>
  queryOptions({ queryKey: ['contact-messages', page], queryFn: () => getContactMessages(page) });
const reported = (page: number) =>
  queryOptions({ queryKey: [...reportedReviewsKey, page], queryFn: () => getReportedReviews(page) });

/** Admin home (figures, charts, messages, coupons) and review moderation under /dashboard. */
export const adminDashboardRoutes: RouteObject[] = [
  guardedRoute(
    'adminHome',
    ['admin'],
    () => import('./AdminHomePage.tsx').then((m) => m.AdminHomePage),
    ({ search }) => [
      pageQuery(stats),
      pageQuery(messages(readPage(search, 'messages'))),
      pageQuery(couponsQuery(readPage(search, 'coupons'))),
    ],
  ),
  guardedRoute(
    'reportedReviews',
    ['admin'],
    () => import('./ReportedReviewsPage.tsx').then((m) => m.ReportedReviewsPage),
    ({ search }) => [pageQuery(reported(readPage(search)))],
  ),
];
