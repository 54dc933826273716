/** The checkout module's public functions: it composes cart, catalog, coupons, payments and orders. */
export { makeOrder } from './make-order.ts';
