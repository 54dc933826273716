/**
 * The payouts module: the vendors' payout accounts, the admin's holds and commission, each shop's balance, transfers
 * and monthly statements, and the admin's view of earnings and shop payouts, as routes (routes.ts, vendor-routes.ts,
 * admin-routes.ts). It reads the ledger through payments and the orders' lines through orders, and no module calls
 * it: the money rows it shows (transfers, reversals, payout accounts and holds) stay with the payments module, whose
 * transfers consult the accounts and holds before each one is sent (decision 045).
 */
export {};
