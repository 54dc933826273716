import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const adminStatsKey = ['admin-stats'] as const;

export function getAdminStats() {
  return call('GET /admin-stats');
}

export const adminStatsQuery = queryOptions({ queryKey: adminStatsKey, queryFn: getAdminStats });

export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
