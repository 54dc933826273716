import { useQuery } from '@tanstack/react-query';
import { reviewsApi } from '#contract/api/reviews.ts';
import { call } from '../../api/client.ts';

export const reviewsKey = (productId: string) => ['reviews', productId] as const;

export function getReviews(productId: string) {
  return call(reviewsApi.list, { params: { productId } });
}

export function useReviews(productId: string) {
  return useQuery({ queryKey: [...reviewsKey(productId), 'list'], queryFn: () => getReviews(productId) });
}
