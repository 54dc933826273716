import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reviewsApi } from '#contract/api/reviews.ts';
import { call } from '../../api/client.ts';

export const REVIEWS_PAGE_SIZE = 10;
export const productReviewsKey = (productId: string) => ['vendor-reviews', productId] as const;

export function getProductReviews(productId: string, page: number) {
  return call(reviewsApi.forVendor, { params: { productId }, query: { page, limit: REVIEWS_PAGE_SIZE } });
}

export function useProductReviews(productId: string, page: number) {
  return useQuery({
    queryKey: [...productReviewsKey(productId), page],
    queryFn: () => getProductReviews(productId, page),
    placeholderData: keepPreviousData,
  });
}
