import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponsApi } from '#contract/api/coupons.ts';
import type { CouponValues } from '#contract/coupons.ts';
import { call } from '../../api/client.ts';

export function createCoupon(input: CouponValues) {
  return call(couponsApi.create, { body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}
