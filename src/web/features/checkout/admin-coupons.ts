import { couponPageQuery, listCouponPage, useCouponPage } from '../../coupons/list-coupons.ts';

/** The coupon page lists the codes ten at a time. */
export const COUPON_PAGE_SIZE = 10;

export const listCoupons = (page: number) => listCouponPage(page, COUPON_PAGE_SIZE);
export const couponListQuery = (page: number) => couponPageQuery(page, COUPON_PAGE_SIZE);
export const useCouponList = (page: number) => useCouponPage(page, COUPON_PAGE_SIZE);
