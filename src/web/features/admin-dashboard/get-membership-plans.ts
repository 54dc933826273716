import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembershipPlanInput } from '#contract/membership-plans.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { commissionKey } from './get-commission.ts';

export const membershipPlansKey = ['admin-membership-plans'] as const;

/** GET /admin/membership-plans: every plan, offered or not. */
export const membershipPlansQuery = queryOptions({
  queryKey: membershipPlansKey,
  queryFn: () => call('GET /admin/membership-plans'),
});

export const useMembershipPlans = () => useQuery(membershipPlansQuery);

/** PUT /admin/membership-plans/:key: a plan from now on, or a new one. */
export const useSaveMembershipPlan = () =>
  useRefreshingMutation(
    ({ key, body }: { key: string; body: MembershipPlanInput }) =>
      call('PUT /admin/membership-plans/:key', { params: { key }, body }),
    [membershipPlansKey, commissionKey],
  );
