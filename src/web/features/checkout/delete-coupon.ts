import { couponsApi } from '#contract/api/coupons.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function deleteCoupon(id: string) {
  return call(couponsApi.remove, { params: { id } });
}

export function useDeleteCoupon() {
  return useRefreshingMutation(deleteCoupon, [['coupons']], { alsoOnError: true });
}
