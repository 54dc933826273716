import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const allowanceKey = ['products', 'vendor', 'allowance'] as const;

export function getVendorAllowance() {
  return call('GET /products/vendor/allowance');
}

/** Whether the vendor may add another product (normal members hold 5). */
export function useVendorAllowance() {
  return useQuery({ queryKey: allowanceKey, queryFn: getVendorAllowance, staleTime: 0 });
}
