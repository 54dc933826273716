import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '#contract/stats.ts';
import { api } from '../../api/client.ts';

export const adminStatsKey = ['admin-stats'] as const;

export function getAdminStats() {
  return api<AdminStats>('/admin-stats');
}

export function useAdminStats() {
  return useQuery({ queryKey: adminStatsKey, queryFn: getAdminStats });
}
