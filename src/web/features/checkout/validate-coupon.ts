import { useMutation } from '@tanstack/react-query';
import type { CouponQuote } from '#contract/coupons.ts';
import { api } from '../../api/client.ts';

export function validateCoupon(code: string) {
  return api<CouponQuote>('/coupons/validate', { method: 'POST', body: { code } });
}

/** Checks a code against the current cart: the discount, or the reason it cannot be used. */
export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
