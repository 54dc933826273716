import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Each shop's step of one order; the id is the order's or its payment's. */
export function getOrderTracking(id: string) {
  return call('GET /orders/:id/tracking', { params: { id } });
}

export function useOrderTracking(id: string) {
  return useQuery({ queryKey: ['order-tracking', id], queryFn: () => getOrderTracking(id) });
}
