/** The cart's public functions: checkout and coupons read and clear carts only through these. */
export { type CartPlan, clearShopChoices, planCart, refusalOf, type ShopPart } from './fulfilment.ts';
export {
  type CartLine,
  hasWeighedGoods,
  holdSubtotalCents,
  listCartLines,
  lockCartLinesForCheckout,
  removeCartLines,
  subtotalCents,
  type UnavailableReason,
  unavailableMessage,
  unavailableReason,
} from './queries.ts';
export { addToCart } from './service.ts';
export { type CartTax, cartTax } from './tax.ts';
