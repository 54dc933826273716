import { useQuery } from '@tanstack/react-query';
import { ordersApi } from '#contract/api/orders.ts';
import { call } from '../../api/client.ts';

export function getInvoice(id: string) {
  return call(ordersApi.invoice, { params: { id } });
}

export function useInvoice(id: string) {
  return useQuery({ queryKey: ['invoice', id], queryFn: () => getInvoice(id) });
}
