import { useQuery } from '@tanstack/react-query';
import type { VendorStats } from '#contract/stats.ts';
import { api } from '../../api/client.ts';

export const vendorStatsKey = ['vendor-stats'] as const;

export function getVendorStats() {
  return api<VendorStats>('/vendor/stats');
}

export function useVendorStats() {
  return useQuery({ queryKey: vendorStatsKey, queryFn: getVendorStats });
}
