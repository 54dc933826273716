/** The payments module's public functions: the ledger (intents, refunds, memberships) is queried only here. */

export { shopPayoutsPage } from './admin-payouts.ts';
export type { AttemptOptions } from './attempts.ts';
export {
  authorizationsOf,
  awaitingCapture,
  dueCaptureIds,
  holdsUndecidedSince,
  processCapture,
  requestCapture,
} from './captures.ts';
export { commissionForOrder, commissionSettings, setCommission } from './commission.ts';
export { createPaymentProviders, type PaymentProviders } from './create-provider.ts';
export { earningsByMonth } from './earnings.ts';
export {
  CannotSettle,
  EXPIRED_REASON,
  findIntent,
  findOwnIntent,
  OPEN_UNPAID_PER_ACCOUNT,
  openIntent,
} from './intents.ts';
export {
  cancelUnpaidPayments,
  erasePaymentPersonalData,
  paymentIdsOf,
  paymentsForExport,
  unsettledBalance,
} from './leaving.ts';
export { membershipRevenueCents } from './membership-revenue.ts';
export { failedTransferCount, type MoneyFigures, moneyFigures } from './metrics.ts';
export { recordDraw, recordOffSessionPayment, recordSeasonPayment } from './off-session.ts';
export { ledgerOfOrder } from './order-ledger.ts';
export { liveOrderRefundsRelation, type OrderRefund, refundsOfOrders } from './order-refunds.ts';
export {
  connectPayoutAccount,
  payoutAccountOf,
  setPayoutHold,
  submitSandboxOnboarding,
} from './payout-accounts.ts';
export { isPaid, type PaymentProvider } from './provider.ts';
export {
  claimPaidIntents,
  claimUnpaidIntents,
  type IntentToCheck,
  markAbandoned,
} from './reconcile-intents.ts';
export { RECONCILE_OUTCOMES, type ReconcileLine, type RestoreReconcileReport } from './reconcile-types.ts';
export { keepRefundNote, type RefundNote, refundNotesOf } from './refund-notes.ts';
export { dueRefundIds, paymentLeftCents, processRefund, requestRefund } from './refunds.ts';
export { reconcileSince } from './restore-reconcile.ts';
export { deleteAbandonedIntents } from './retention.ts';
export { recordSandboxCard } from './sandbox-setup.ts';
export { createSettle, type FulfilOrder, type Settle, type SettleOutcome } from './settle.ts';
export {
  dueReversalIds,
  dueTransferIds,
  type PaidLine,
  processReversal,
  processTransfer,
  recordReversal,
  recordTransfer,
  sendPayouts,
  withdrawUnsentTransfer,
} from './transfers.ts';
export { payoutMonths, shopBalance, shopLedgerIn, shopTransfersRelation, unpaidAt } from './vendor-balance.ts';
