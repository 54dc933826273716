import { call } from '../../api/client.ts';
import { pageFetcher, stepQuery, useKeptQuery } from '../../api/kept-query.ts';

export const REPORTED_PAGE_SIZE = 10;
export const reportedReviewsKey = ['reported-reviews'] as const;

export const getReportedReviews = pageFetcher(REPORTED_PAGE_SIZE, (query) =>
  call('GET /moderation/reviews', { query }),
);

export const reportedReviewsQuery = (page: number) => stepQuery(reportedReviewsKey, page, getReportedReviews);
export const useReportedReviews = (page: number) => useKeptQuery(reportedReviewsQuery(page));
