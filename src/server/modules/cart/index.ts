/** The cart's public functions: checkout and coupons read and clear carts only through these. */
export {
  type CartLine,
  listCartLines,
  lockCartLinesForCheckout,
  removeCartLines,
  subtotalCents,
  type UnavailableReason,
  unavailableMessage,
  unavailableReason,
} from './queries.ts';
