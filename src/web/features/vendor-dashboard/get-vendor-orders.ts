import { call } from '../../api/client.ts';
import { pageFetcher, stepQuery, useKeptQuery } from '../../api/kept-query.ts';

export const VENDOR_ORDERS_PAGE_SIZE = 10;
export const vendorOrdersKey = ['vendor-orders'] as const;

export const getVendorOrders = pageFetcher(VENDOR_ORDERS_PAGE_SIZE, (query) => call('GET /vendor/orders', { query }));

export const vendorOrdersQuery = (page: number) => stepQuery(vendorOrdersKey, page, getVendorOrders);
export const useVendorOrders = (page: number) => useKeptQuery(vendorOrdersQuery(page));
