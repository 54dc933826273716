import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VendorReviewPage } from '#contract/moderation.ts';
import { api } from '../../api/client.ts';

export const REVIEWS_PAGE_SIZE = 10;
export const productReviewsKey = (productId: string) => ['vendor-reviews', productId] as const;

export function getProductReviews(productId: string, page: number) {
  return api<VendorReviewPage>(`/comments/product/${productId}/for-vendor`, {
    query: { page, limit: REVIEWS_PAGE_SIZE },
  });
}

export function useProductReviews(productId: string, page: number) {
  return useQuery({
    queryKey: [...productReviewsKey(productId), page],
    queryFn: () => getProductReviews(productId, page),
    placeholderData: keepPreviousData,
  });
}
