import { useQuery } from '@tanstack/react-query';
import { ordersApi } from '#contract/api/orders.ts';
import { call } from '../../api/client.ts';

/** Each shop's step of one order; the id is the order's or its payment's. */
export function getOrderTracking(id: string) {
  return call(ordersApi.tracking, { params: { id } });
}

export function useOrderTracking(id: string) {
  return useQuery({ queryKey: ['order-tracking', id], queryFn: () => getOrderTracking(id) });
}
