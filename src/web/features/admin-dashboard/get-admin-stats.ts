import { useQuery } from '@tanstack/react-query';
import { statsApi } from '#contract/api/stats.ts';
import { call } from '../../api/client.ts';

export const adminStatsKey = ['admin-stats'] as const;

export function getAdminStats() {
  return call(statsApi.adminStats);
}

export function useAdminStats() {
  return useQuery({ queryKey: adminStatsKey, queryFn: getAdminStats });
}
