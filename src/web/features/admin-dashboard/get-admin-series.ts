import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminSeries, StatRange } from '#contract/stats.ts';
import { api } from '../../api/client.ts';

export function getAdminSeries(range: StatRange) {
  return api<AdminSeries>('/admin/series', { query: { range } });
}

export function useAdminSeries(range: StatRange) {
  return useQuery({
    queryKey: ['admin-series', range],
    queryFn: () => getAdminSeries(range),
    placeholderData: keepPreviousData,
  });
}
