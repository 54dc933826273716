import type { StatRange } from '#contract/stats.ts';
import { call } from '../../api/client.ts';
import { useKeptQuery } from '../../api/kept-query.ts';

export const vendorSalesKey = ['vendor-sales'] as const;

export function getVendorSales(range: StatRange) {
  return call('GET /vendor/sales', { query: { range } });
}

export function useVendorSales(range: StatRange) {
  return useKeptQuery(vendorSalesKey, range, getVendorSales);
}
