import { call } from '../../api/client.ts';
import { pageFetcher, useKeptQuery } from '../../api/kept-query.ts';

export const REPORTED_PAGE_SIZE = 10;
export const reportedReviewsKey = ['reported-reviews'] as const;

export const getReportedReviews = pageFetcher(REPORTED_PAGE_SIZE, (query) =>
  call('GET /moderation/reviews', { query }),
);

export const useReportedReviews = (page: number) => useKeptQuery(reportedReviewsKey, page, getReportedReviews);
