import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const adminStatsKey = ['admin-stats'] as const;

export function getAdminStats() {
  return call('GET /admin-stats');
}

export function useAdminStats() {
  return useQuery({ queryKey: adminStatsKey, queryFn: getAdminStats });
}
