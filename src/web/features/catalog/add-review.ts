import { reviewsApi } from '#contract/api/reviews.ts';
import type { ReviewInput } from '#contract/reviews.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { reviewsKey } from './get-reviews.ts';

export function addReview(input: ReviewInput) {
  return call(reviewsApi.add, { body: input });
}

export function useAddReview(productId: string) {
  return useRefreshingMutation(addReview, [reviewsKey(productId)]);
}
