import type { StatRange } from '#contract/stats.ts';
import { call } from '../../api/client.ts';
import { stepQuery, useKeptQuery } from '../../api/kept-query.ts';

export function getAdminSeries(range: StatRange) {
  return call('GET /admin/series', { query: { range } });
}

export const adminSeriesQuery = (range: StatRange) => stepQuery(['admin-series'], range, getAdminSeries);

export function useAdminSeries(range: StatRange) {
  return useKeptQuery(adminSeriesQuery(range));
}
