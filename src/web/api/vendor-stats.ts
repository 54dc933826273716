import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';

/**
 * The signed-in vendor's figures and shop (GET /vendor/stats): read by the vendor's home and by the premium
 * membership page, so both features share this one fetcher and its cache entry.
 */
export const vendorStatsKey = ['vendor-stats'] as const;

export function getVendorStats() {
  return call('GET /vendor/stats');
}

export const vendorStatsQuery = queryOptions({ queryKey: vendorStatsKey, queryFn: getVendorStats });
