import { useQuery } from '@tanstack/react-query';
import { vendorStatsQuery } from '../../api/vendor-stats.ts';

/** The vendor's own shop figures (GET /vendor/stats), read here for the membership and badge. */
export function useVendorMembership() {
  return useQuery(vendorStatsQuery);
}
