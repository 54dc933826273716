import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CouponPage } from '#contract/coupons.ts';
import { api } from '../../api/client.ts';

export const COUPONS_PAGE_SIZE = 5;

export function getCoupons(page: number) {
  return api<CouponPage>('/coupons', { query: { page, limit: COUPONS_PAGE_SIZE } });
}

/** The admin's coupon codes (read here; created and deleted on the coupon page). */
export function useCoupons(page: number) {
  return useQuery({
    queryKey: ['coupons', page],
    queryFn: () => getCoupons(page),
    placeholderData: keepPreviousData,
  });
}
