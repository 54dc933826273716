import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionInput } from '#contract/payouts.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export const commissionKey = ['admin-commission'] as const;

export const commissionQuery = queryOptions({ queryKey: commissionKey, queryFn: () => call('GET /admin/commission') });

export const useCommission = () => useQuery(commissionQuery);

export const useSetCommission = () =>
  useRefreshingMutation((body: CommissionInput) => call('PUT /admin/commission', { body }), [commissionKey]);
