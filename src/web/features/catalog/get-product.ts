import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function getProduct(id: string) {
  return call('GET /singleProduct/:id', { params: { id } });
}

export function useProduct(id: string) {
  return useQuery({ queryKey: ['products', 'one', id], queryFn: () => getProduct(id) });
}
