import type { CouponValues } from '#contract/coupons.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function createCoupon(input: CouponValues) {
  return call('POST /coupons', { body: input });
}

export function useCreateCoupon() {
  return useRefreshingMutation(createCoupon, [['coupons']]);
}
