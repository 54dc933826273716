/** The coupons module's public functions: checkout prices and redeems codes only through these. */
export { quoteCoupon, redeemCoupon } from './service.ts';
