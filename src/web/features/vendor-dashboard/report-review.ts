import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { productReviewsKey } from './get-product-reviews.ts';

type Reported = { modifiedCount: number; status: 'visible' | 'reported' | 'removed' };

export function reportReview(reviewId: string) {
  return api<Reported>(`/comments/${reviewId}/report`, { method: 'POST' });
}

/** Sends a review of one of the vendor's products to the admins' moderation queue. */
export function useReportReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productReviewsKey(productId) }),
  });
}
