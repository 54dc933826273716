import { earnings, earningsQuery, shopPayouts, shopPayoutsQuery } from '../admin-payouts.ts';
import { route } from '../route-table.ts';

/** What the marketplace earns, and every shop's payouts (admin). Holding a shop: payoutsApi.hold. */
export const adminPayoutsApi = {
  earnings: route({
    method: 'GET',
    path: '/admin/earnings',
    tag: 'payouts',
    summary: 'The marketplace’s commission and fees per month, net of the commission refunds gave back (admin)',
    access: { allow: ['admin'] },
    query: earningsQuery,
    status: 200,
    response: earnings,
    errors: [],
  }),
  shops: route({
    method: 'GET',
    path: '/admin/payouts',
    tag: 'payouts',
    summary: 'Every shop’s payouts by name: owed, paid, its payout account and whether it is held (admin)',
    access: { allow: ['admin'] },
    query: shopPayoutsQuery,
    status: 200,
    response: shopPayouts,
    errors: [],
  }),
};
