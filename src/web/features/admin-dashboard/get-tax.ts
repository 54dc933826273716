import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxInput } from '#contract/tax.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export const taxKey = ['admin-tax'] as const;

export const taxQuery = queryOptions({ queryKey: taxKey, queryFn: () => call('GET /admin/tax') });

export const useTax = () => useQuery(taxQuery);

export const useSetTax = () => useRefreshingMutation((body: TaxInput) => call('PUT /admin/tax', { body }), [taxKey]);
