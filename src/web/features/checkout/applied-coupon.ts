/** The coupon code the shopper applied in the cart, carried to the payment page for this tab only. */
const KEY = 'farmstall-coupon';

export const readAppliedCoupon = () => sessionStorage.getItem(KEY) ?? '';
export const storeAppliedCoupon = (code: string) => sessionStorage.setItem(KEY, code);
export const clearAppliedCoupon = () => sessionStorage.removeItem(KEY);
