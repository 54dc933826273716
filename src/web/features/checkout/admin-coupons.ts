import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CouponPage } from '#contract/coupons.ts';
import { api } from '../../api/client.ts';

export const COUPON_PAGE_SIZE = 10;

export function listCoupons(page: number) {
  return api<CouponPage>('/coupons', { query: { page, limit: COUPON_PAGE_SIZE } });
}

/** Every coupon query starts with 'coupons', so one invalidation refreshes the admin home list too. */
export function useCouponList(page: number) {
  return useQuery({
    queryKey: ['coupons', 'admin-page', page],
    queryFn: () => listCoupons(page),
    placeholderData: keepPreviousData,
  });
}
