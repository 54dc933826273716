import { commissionInput, commissionSettings } from '../payouts.ts';
import { route } from '../route-table.ts';

/** The marketplace's commission (admin) and the shops' payouts. */
export const payoutsApi = {
  commission: route({
    method: 'GET',
    path: '/admin/commission',
    tag: 'payouts',
    summary: 'The commission per membership and the fee per order now, and the earlier ones (admin)',
    access: { allow: ['admin'] },
    status: 200,
    response: commissionSettings,
    errors: [],
  }),
  setCommission: route({
    method: 'PUT',
    path: '/admin/commission',
    tag: 'payouts',
    summary: 'Set the commission per membership and the fee per order, for orders placed from now on (admin)',
    access: { allow: ['admin'] },
    body: commissionInput,
    status: 200,
    response: commissionSettings,
    errors: [],
  }),
};
