import type { ReviewInput } from '#contract/reviews.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { productQuery } from './get-product.ts';
import { reviewsKey } from './get-reviews.ts';

export function addReview(input: ReviewInput) {
  return call('POST /comments', { body: input });
}

export function useAddReview(productId: string) {
  // The product page's rating summary comes with the product.
  return useRefreshingMutation(addReview, [reviewsKey(productId), productQuery(productId).queryKey]);
}
