import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatRange, VendorSales } from '#contract/stats.ts';
import { api } from '../../api/client.ts';

export const vendorSalesKey = ['vendor-sales'] as const;

export function getVendorSales(range: StatRange) {
  return api<VendorSales>('/vendor/sales', { query: { range } });
}

export function useVendorSales(range: StatRange) {
  return useQuery({
    queryKey: [...vendorSalesKey, range],
    queryFn: () => getVendorSales(range),
    placeholderData: keepPreviousData,
  });
}
