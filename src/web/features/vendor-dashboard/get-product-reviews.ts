import { call } from '../../api/client.ts';
import { stepQuery, useKeptQuery } from '../../api/kept-query.ts';

export const REVIEWS_PAGE_SIZE = 10;
export const productReviewsKey = (productId: string) => ['vendor-reviews', productId] as const;

export function getProductReviews(productId: string, page: number) {
  return call('GET /comments/product/:productId/for-vendor', {
    params: { productId },
    query: { page, limit: REVIEWS_PAGE_SIZE },
  });
}

export const productReviewsQuery = (productId: string, page: number) =>
  stepQuery(productReviewsKey(productId), page, (at) => getProductReviews(productId, at));

export function useProductReviews(productId: string, page: number) {
  return useKeptQuery(productReviewsQuery(productId, page));
}
