import { ordersApi } from '#contract/api/orders.ts';
import { call } from '../../api/client.ts';
import { useKeptQuery } from '../../api/kept-query.ts';

export const VENDOR_ORDERS_PAGE_SIZE = 10;
export const vendorOrdersKey = ['vendor-orders'] as const;

export function getVendorOrders(page: number) {
  return call(ordersApi.vendorOrders, { query: { page, limit: VENDOR_ORDERS_PAGE_SIZE } });
}

export function useVendorOrders(page: number) {
  return useKeptQuery(vendorOrdersKey, page, getVendorOrders);
}
