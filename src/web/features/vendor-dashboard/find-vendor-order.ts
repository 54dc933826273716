import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { vendorWeekKey } from './get-vendor-week.ts';

/** The vendor's order of this number (FS-10234 or 10234); under the week's key, so moving an order refreshes it. */
export const vendorOrderSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...vendorWeekKey, 'order-search', q],
    queryFn: () => call('GET /vendor/orders', { query: { q, limit: 10 } }),
  });

export const useVendorOrderSearch = (q: string) => useQuery({ ...vendorOrderSearchQuery(q), enabled: Boolean(q) });
