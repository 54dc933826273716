import { useQuery } from '@tanstack/react-query';
import type { Review } from '#contract/reviews.ts';
import { api } from '../../api/client.ts';

export const reviewsKey = (productId: string) => ['reviews', productId] as const;

export function getReviews(productId: string) {
  return api<Review[]>(`/comments/${productId}`);
}

export function useReviews(productId: string) {
  return useQuery({ queryKey: [...reviewsKey(productId), 'list'], queryFn: () => getReviews(productId) });
}
