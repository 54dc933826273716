import { couponsApi } from '#contract/api/coupons.ts';
import type { CouponValues } from '#contract/coupons.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function createCoupon(input: CouponValues) {
  return call(couponsApi.create, { body: input });
}

export function useCreateCoupon() {
  return useRefreshingMutation(createCoupon, [['coupons']]);
}
