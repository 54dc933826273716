import { couponPageQuery, useCouponPage } from '../../coupons/list-coupons.ts';

/** The admin home shows the newest few coupon codes (created and deleted on the coupon page). */
export const COUPONS_PAGE_SIZE = 5;

export const couponsQuery = (page: number) => couponPageQuery(page, COUPONS_PAGE_SIZE);
export const useCoupons = (page: number) => useCouponPage(page, COUPONS_PAGE_SIZE);
