import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const reviewsKey = (productId: string) => ['reviews', productId] as const;

export function getReviews(productId: string) {
  return call('GET /comments/:productId', { params: { productId } });
}

export function useReviews(productId: string) {
  return useQuery({ queryKey: [...reviewsKey(productId), 'list'], queryFn: () => getReviews(productId) });
}
