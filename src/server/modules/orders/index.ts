/** The orders module's public functions: the order, its lines and payment record are queried only here. */
export { partTransfer } from './fulfilment.ts';
export { getInvoice } from './invoice.ts';
export { renderInvoicePdf } from './invoice-pdf.ts';
export { eraseOrderPersonalData, openOrdersRemaining, ordersForExport } from './leaving.ts';
export { lostCancellation } from './lost-changes.ts';
export { keepOrderNote } from './notes.ts';
export { notifyOrderPlaced } from './order-notices.ts';
export { orderHeadsOf, orderNumbersOf } from './order-numbers.ts';
export { buyersOf, deliveredProductsOf, hasDeliveredPurchase } from './purchases.ts';
export { paymentByTransactionId } from './queries.ts';
export { type NewFulfilment, recordOrder } from './record-order.ts';
export { orderSeries, orderTotals, vendorSales, vendorSalesTotals } from './sales.ts';
export { soldLinesOf } from './sold-lines.ts';
export { whenSubscriptionOrderCancelled, whenSubscriptionOrderMoved } from './subscription-order-cancels.ts';
export {
  addOrderLine,
  type ChangedLine,
  moveOrderSlot,
  removeOrderLine,
  replaceOrderLine,
  repriceOrder,
  subscriptionOrderForChange,
} from './subscription-order-changes.ts';
export {
  cancelUnchargedOrder,
  markSubscriptionOrderCharged,
  subscriptionOrderToCharge,
  unchargedTransactionId,
} from './subscription-orders.ts';
export { settleLapsingHolds } from './unweighed-holds.ts';
