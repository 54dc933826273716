import type { StatRange } from '#contract/stats.ts';
import { call } from '../../api/client.ts';
import { useKeptQuery } from '../../api/kept-query.ts';

export function getAdminSeries(range: StatRange) {
  return call('GET /admin/series', { query: { range } });
}

export function useAdminSeries(range: StatRange) {
  return useKeptQuery(['admin-series'], range, getAdminSeries);
}
