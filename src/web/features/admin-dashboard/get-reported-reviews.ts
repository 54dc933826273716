import { reviewsApi } from '#contract/api/reviews.ts';
import { call } from '../../api/client.ts';
import { useKeptQuery } from '../../api/kept-query.ts';

export const REPORTED_PAGE_SIZE = 10;
export const reportedReviewsKey = ['reported-reviews'] as const;

export function getReportedReviews(page: number) {
  return call(reviewsApi.reported, { query: { page, limit: REPORTED_PAGE_SIZE } });
}

export function useReportedReviews(page: number) {
  return useKeptQuery(reportedReviewsKey, page, getReportedReviews);
}
