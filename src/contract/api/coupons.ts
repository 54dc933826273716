import { deletedCount } from '../cart.ts';
import {
  coupon,
  couponInput,
  couponPage,
  couponPageQuery,
  couponParams,
  couponQuote,
  validateCouponInput,
} from '../coupons.ts';
import { route } from '../route-table.ts';

/** Admins manage coupon codes; a customer asks what a code takes off their own cart. */
export const couponsApi = {
  create: route({
    method: 'POST',
    path: '/coupons',
    tag: 'coupons',
    summary: 'Create a coupon code (admin)',
    access: { allow: ['admin'] },
    body: couponInput,
    status: 201,
    response: coupon,
    errors: [409],
  }),
  list: route({
    method: 'GET',
    path: '/coupons',
    tag: 'coupons',
    summary: 'Coupon codes, newest first (admin)',
    access: { allow: ['admin'] },
    query: couponPageQuery,
    status: 200,
    response: couponPage,
    errors: [],
  }),
  remove: route({
    method: 'DELETE',
    path: '/coupons/:id',
    tag: 'coupons',
    summary: 'Delete a coupon code so it stops working (admin)',
    access: { allow: ['admin'] },
    params: couponParams,
    status: 200,
    response: deletedCount,
    errors: [404],
  }),
  validate: route({
    method: 'POST',
    path: '/coupons/validate',
    tag: 'coupons',
    summary: "The discount a code gives on the caller's cart, or why it cannot be used",
    access: { allow: ['customer'] },
    body: validateCouponInput,
    status: 200,
    response: couponQuote,
    errors: [],
  }),
};
