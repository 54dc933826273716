import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function getInvoice(id: string) {
  return call('GET /invoice/:id', { params: { id } });
}

export const invoiceQuery = (id: string) => queryOptions({ queryKey: ['invoice', id], queryFn: () => getInvoice(id) });

export function useInvoice(id: string) {
  return useQuery(invoiceQuery(id));
}
