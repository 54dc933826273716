import type { StatRange } from '#contract/stats.ts';
import { call } from '../../api/client.ts';
import { stepQuery, useKeptQuery } from '../../api/kept-query.ts';

export const vendorSalesKey = ['vendor-sales'] as const;

export function getVendorSales(range: StatRange) {
  return call('GET /vendor/sales', { query: { range } });
}

export const vendorSalesQuery = (range: StatRange) => stepQuery(vendorSalesKey, range, getVendorSales);

export function useVendorSales(range: StatRange) {
  return useKeptQuery(vendorSalesQuery(range));
}
