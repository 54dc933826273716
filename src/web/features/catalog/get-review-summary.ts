import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { reviewsKey } from './get-reviews.ts';

export function getReviewSummary(productId: string) {
  return call('GET /comments/singleReview/:productId', { params: { productId } });
}

export const reviewSummaryQuery = (productId: string) =>
  queryOptions({ queryKey: [...reviewsKey(productId), 'summary'], queryFn: () => getReviewSummary(productId) });

/** Review count and average rating (floor of the mean). */
export function useReviewSummary(productId: string) {
  return useQuery(reviewSummaryQuery(productId));
}
