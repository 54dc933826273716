import { statsApi } from '#contract/api/stats.ts';
import type { StatRange } from '#contract/stats.ts';
import { call } from '../../api/client.ts';
import { useKeptQuery } from '../../api/kept-query.ts';

export function getAdminSeries(range: StatRange) {
  return call(statsApi.adminSeries, { query: { range } });
}

export function useAdminSeries(range: StatRange) {
  return useKeptQuery(['admin-series'], range, getAdminSeries);
}
