import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersApi } from '#contract/api/orders.ts';
import { call } from '../../api/client.ts';

export const VENDOR_ORDERS_PAGE_SIZE = 10;
export const vendorOrdersKey = ['vendor-orders'] as const;

export function getVendorOrders(page: number) {
  return call(ordersApi.vendorOrders, { query: { page, limit: VENDOR_ORDERS_PAGE_SIZE } });
}

export function useVendorOrders(page: number) {
  return useQuery({
    queryKey: [...vendorOrdersKey, page],
    queryFn: () => getVendorOrders(page),
    placeholderData: keepPreviousData,
  });
}
