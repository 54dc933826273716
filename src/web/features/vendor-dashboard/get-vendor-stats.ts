import { useQuery } from '@tanstack/react-query';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';

export { getVendorStats, vendorStatsKey } from '../../api/vendor-stats.ts';

export function useVendorStats() {
  return useQuery(vendorStatsQuery);
}
