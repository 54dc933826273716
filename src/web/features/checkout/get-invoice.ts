import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function getInvoice(id: string) {
  return call('GET /invoice/:id', { params: { id } });
}

export function useInvoice(id: string) {
  return useQuery({ queryKey: ['invoice', id], queryFn: () => getInvoice(id) });
}
