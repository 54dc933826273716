import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function deleteCoupon(id: string) {
  return call('DELETE /coupons/:id', { params: { id } });
}

export function useDeleteCoupon() {
  return useRefreshingMutation(deleteCoupon, [['coupons']], { alsoOnError: true });
}
