import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponValues } from '#contract/coupons.ts';
import { api } from '../../api/client.ts';

export function createCoupon(input: CouponValues) {
  return api<Coupon>('/coupons', { method: 'POST', body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}
