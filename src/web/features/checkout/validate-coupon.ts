import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function validateCoupon(code: string) {
  return call('POST /coupons/validate', { body: { code } });
}

/** Checks a code against the current cart: the discount, or the reason it cannot be used. */
export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
