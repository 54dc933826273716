/** The cart's public functions: checkout and coupons read and clear carts only through these. */
export { areaProblem, type CartPlan, clearShopChoices, planCart, refusalOf } from './fulfilment.ts';
export { cartForExport, eraseCart } from './leaving.ts';
export {
  type CartLine,
  hasWeighedGoods,
  holdSubtotalCents,
  lineName,
  listCartLines,
  lockCartLinesForCheckout,
  poolUnitsByProduct,
  removeCartLines,
  subtotalCents,
  unavailableMessage,
  unavailableReason,
} from './queries.ts';
export { deleteOldCartAddRequests } from './retention.ts';
export { addToCart } from './service.ts';
export { cartTax } from './tax.ts';
