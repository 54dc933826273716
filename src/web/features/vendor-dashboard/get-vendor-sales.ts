import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statsApi } from '#contract/api/stats.ts';
import type { StatRange } from '#contract/stats.ts';
import { call } from '../../api/client.ts';

export const vendorSalesKey = ['vendor-sales'] as const;

export function getVendorSales(range: StatRange) {
  return call(statsApi.vendorSales, { query: { range } });
}

export function useVendorSales(range: StatRange) {
  return useQuery({
    queryKey: [...vendorSalesKey, range],
    queryFn: () => getVendorSales(range),
    placeholderData: keepPreviousData,
  });
}
