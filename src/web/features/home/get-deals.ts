import { useQuery } from '@tanstack/react-query';
import type { Deal } from '#contract/products.ts';
import { api } from '../../api/client.ts';

export function getDeals() {
  return api<Deal[]>('/deals');
}

/** The three deals of the day, each with the moment it ends. */
export function useDeals() {
  return useQuery({ queryKey: ['deals'], queryFn: getDeals });
}
