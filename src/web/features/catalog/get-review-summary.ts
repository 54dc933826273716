import { useQuery } from '@tanstack/react-query';
import type { ReviewSummary } from '#contract/reviews.ts';
import { api } from '../../api/client.ts';
import { reviewsKey } from './get-reviews.ts';

export function getReviewSummary(productId: string) {
  return api<ReviewSummary>(`/comments/singleReview/${productId}`);
}

/** Review count and average rating (floor of the mean). */
export function useReviewSummary(productId: string) {
  return useQuery({ queryKey: [...reviewsKey(productId), 'summary'], queryFn: () => getReviewSummary(productId) });
}
