import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reviewsApi } from '#contract/api/reviews.ts';
import { call } from '../../api/client.ts';

export const REPORTED_PAGE_SIZE = 10;
export const reportedReviewsKey = ['reported-reviews'] as const;

export function getReportedReviews(page: number) {
  return call(reviewsApi.reported, { query: { page, limit: REPORTED_PAGE_SIZE } });
}

export function useReportedReviews(page: number) {
  return useQuery({
    queryKey: [...reportedReviewsKey, page],
    queryFn: () => getReportedReviews(page),
    placeholderData: keepPreviousData,
  });
}
