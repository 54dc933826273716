import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponsApi } from '#contract/api/coupons.ts';
import { call } from '../../api/client.ts';

export function deleteCoupon(id: string) {
  return call(couponsApi.remove, { params: { id } });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}
