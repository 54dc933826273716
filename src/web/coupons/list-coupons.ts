import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/**
 * The one fetcher of the admin's coupon codes, newest first, one page of `limit`: the admin home lists a few,
 * the coupon page more. Every coupon query key starts with 'coupons', so one invalidation refreshes both.
 */
export function listCouponPage(page: number, limit: number) {
  return call('GET /coupons', { query: { page, limit } });
}

/** The query of one page (route loaders prefetch it, the pages' hooks read it). */
export const couponPageQuery = (page: number, limit: number) =>
  queryOptions({ queryKey: ['coupons', { limit }, page], queryFn: () => listCouponPage(page, limit) });

export function useCouponPage(page: number, limit: number) {
  return useQuery({ ...couponPageQuery(page, limit), placeholderData: keepPreviousData });
}
