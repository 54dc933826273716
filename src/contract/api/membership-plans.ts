import { z } from 'zod';
import { membershipPlan, membershipPlanInput, membershipPlanList, planKey } from '../membership-plans.ts';
import { route } from '../route-table.ts';

/** The memberships the marketplace offers (decision 051): vendors read them, the admin sets them. */
export const membershipPlansApi = {
  offered: route({
    method: 'GET',
    path: '/membership-plans',
    tag: 'payments',
    summary: 'The membership plans offered to vendors: name, product limit, price and billing',
    access: { allow: 'public' },
    status: 200,
    response: membershipPlanList,
    errors: [],
  }),
  all: route({
    method: 'GET',
    path: '/admin/membership-plans',
    tag: 'payments',
    summary: 'Every membership plan, offered or not, with its commission (admin)',
    access: { allow: ['admin'] },
    status: 200,
    response: membershipPlanList,
    errors: [],
  }),
  save: route({
    method: 'PUT',
    path: '/admin/membership-plans/:key',
    tag: 'payments',
    summary: 'Set a membership plan for shops from now on, or add one under a new key (admin)',
    access: { allow: ['admin'] },
    params: z.object({ key: planKey }),
    body: membershipPlanInput,
    status: 200,
    response: membershipPlan,
    errors: [],
  }),
};
