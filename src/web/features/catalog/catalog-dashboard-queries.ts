import { queryOptions } from '@tanstack/react-query';
import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { getVendorProducts, vendorProductsKey } from './vendor-products.ts';

// The first query of the vendor's product list, for its route loader (loaded on the first visit, not with the
// app), with useVendorProducts' key. The add page's allowance is not prefetched: its hook asks for a fresh one on
// every visit anyway.
export const vendorProduct = ({ user }: GuardedLoad) => [
  pageQuery(queryOptions({ queryKey: vendorProductsKey(user.email), queryFn: () => getVendorProducts(user.email) })),
];
