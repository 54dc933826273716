import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '#contract/orders.ts';
import { api } from '../../api/client.ts';

export function getInvoice(id: string) {
  return api<Invoice>(`/invoice/${id}`);
}

export function useInvoice(id: string) {
  return useQuery({ queryKey: ['invoice', id], queryFn: () => getInvoice(id) });
}
