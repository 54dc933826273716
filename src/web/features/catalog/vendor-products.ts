import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const vendorProductsKey = (email: string | undefined) => ['products', 'vendor', email] as const;

export function getVendorProducts(email: string) {
  return call('GET /products/vendor', { query: { email } });
}

export const vendorProductsQuery = (email: string | undefined) =>
  queryOptions({ queryKey: vendorProductsKey(email), queryFn: () => getVendorProducts(email as string) });

/** The signed-in vendor's own products (expired ones flagged). */
export function useVendorProducts(email: string | undefined) {
  return useQuery({ ...vendorProductsQuery(email), enabled: Boolean(email) });
}
