import { route } from '../route-table.ts';
import {
  payoutBalance,
  shopTransfersPage,
  shopTransfersQuery,
  statementMonths,
  statementParams,
} from '../vendor-payouts.ts';

const OWN_SHOP = { allow: ['vendor'], note: 'always the caller’s own shop' } as const;

/** The vendor's own payouts: balance, transfers with their orders, monthly statements. */
export const vendorPayoutsApi = {
  balance: route({
    method: 'GET',
    path: '/payouts/balance',
    tag: 'payouts',
    summary: "The signed-in vendor's balance owed, on the way and paid, and the commission taken",
    access: OWN_SHOP,
    status: 200,
    response: payoutBalance,
    errors: [],
  }),
  transfers: route({
    method: 'GET',
    path: '/payouts/transfers',
    tag: 'payouts',
    summary: "The signed-in vendor's transfers with their orders, newest first, a page at a time (keyset cursor)",
    access: OWN_SHOP,
    query: shopTransfersQuery,
    status: 200,
    response: shopTransfersPage,
    errors: [],
  }),
  statementMonths: route({
    method: 'GET',
    path: '/payouts/statements',
    tag: 'payouts',
    summary: 'The months the signed-in vendor has a statement for, newest first',
    access: OWN_SHOP,
    status: 200,
    response: statementMonths,
    errors: [],
  }),
  statement: route({
    method: 'GET',
    path: '/payouts/statements/:month/:format',
    tag: 'payouts',
    summary:
      "The signed-in vendor's statement for a month (YYYY-MM) as CSV or PDF: order lines, commission, refunds, transfers, totals",
    access: OWN_SHOP,
    params: statementParams,
    status: 200,
    response: null,
    errors: [429],
  }),
};
