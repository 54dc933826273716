import { useQuery } from '@tanstack/react-query';
import type { OrderTracking } from '#contract/fulfilment.ts';
import { api } from '../../api/client.ts';

/** Each shop's step of one order; the id is the order's or its payment's. */
export function getOrderTracking(id: string) {
  return api<OrderTracking>(`/orders/${id}/tracking`);
}

export function useOrderTracking(id: string) {
  return useQuery({ queryKey: ['order-tracking', id], queryFn: () => getOrderTracking(id) });
}
