import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { reviewsKey } from './get-reviews.ts';

export function getMyReview(productId: string) {
  return call('GET /comments/:productId/mine', { params: { productId } });
}

/** Whether the signed-in user may review the product (a delivered purchase), and their own review. */
export function useMyReview(productId: string, email: string | undefined) {
  return useQuery({
    queryKey: [...reviewsKey(productId), 'mine', email],
    queryFn: () => getMyReview(productId),
    enabled: Boolean(email),
  });
}
