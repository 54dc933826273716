import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The admin home's earnings table and chart: the last 12 months. */
export const EARNINGS_MONTHS = 12;
export const earningsKey = ['admin-earnings'] as const;

export const earningsQuery = queryOptions({
  queryKey: earningsKey,
  queryFn: () => call('GET /admin/earnings', { query: { months: EARNINGS_MONTHS } }),
});

export const useEarnings = () => useQuery(earningsQuery);
