import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { productReviewsKey } from './get-product-reviews.ts';

export function reportReview(reviewId: string) {
  return call('POST /comments/:id/report', { params: { id: reviewId } });
}

/** Sends a review of one of the vendor's products to the admins' moderation queue. */
export function useReportReview(productId: string) {
  return useRefreshingMutation(reportReview, [productReviewsKey(productId)]);
}
