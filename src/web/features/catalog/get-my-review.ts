import { useQuery } from '@tanstack/react-query';
import type { MyReview } from '#contract/reviews.ts';
import { api } from '../../api/client.ts';
import { reviewsKey } from './get-reviews.ts';

export function getMyReview(productId: string) {
  return api<MyReview>(`/comments/${productId}/mine`);
}

/** Whether the signed-in user may review the product (a delivered purchase), and their own review. */
export function useMyReview(productId: string, email: string | undefined) {
  return useQuery({
    queryKey: [...reviewsKey(productId), 'mine', email],
    queryFn: () => getMyReview(productId),
    enabled: Boolean(email),
  });
}
