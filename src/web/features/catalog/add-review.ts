import type { ReviewInput } from '#contract/reviews.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { reviewsKey } from './get-reviews.ts';

export function addReview(input: ReviewInput) {
  return call('POST /comments', { body: input });
}

export function useAddReview(productId: string) {
  return useRefreshingMutation(addReview, [reviewsKey(productId)]);
}
