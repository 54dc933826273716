import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statsApi } from '#contract/api/stats.ts';
import type { StatRange } from '#contract/stats.ts';
import { call } from '../../api/client.ts';

export function getAdminSeries(range: StatRange) {
  return call(statsApi.adminSeries, { query: { range } });
}

export function useAdminSeries(range: StatRange) {
  return useQuery({
    queryKey: ['admin-series', range],
    queryFn: () => getAdminSeries(range),
    placeholderData: keepPreviousData,
  });
}
