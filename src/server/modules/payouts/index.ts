/**
 * The payouts module: the shops' payout accounts and the admin's holds (payout_accounts, payout_holds), and the
 * payout pages as routes (routes.ts, vendor-routes.ts, admin-routes.ts): commission, accounts, holds, each shop's
 * balance, transfers and monthly statements, the admin's earnings and shop payouts. It sits below payments, whose
 * transfers ask it whether a shop can be paid (payableAccount) and which composes the account and hold writes with
 * releasing the transfers that waited; the routes get their payments and orders calls from app.ts (PayoutSources,
 * decision 045).
 */

export {
  isHeld,
  payableAccount,
  payoutAccountRow,
  payoutAccountsRelation,
  payoutHoldsRelation,
  savePayoutAccount,
  verifyPayoutAccount,
  writePayoutHold,
} from './accounts.ts';
export { statementsForExport } from './leaving.ts';
export type { LedgerTransfer, PayoutSources, Period, SoldLine } from './sources.ts';
