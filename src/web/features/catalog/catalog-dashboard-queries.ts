import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { vendorProductsQuery } from './vendor-products.ts';

// The first query of the vendor's product list, for its route loader (loaded on the first visit, not with the
// app), by useVendorProducts' options. The add page's allowance is not prefetched: its hook asks for a fresh one on
// every visit anyway.
export const vendorProduct = ({ user }: GuardedLoad) => [pageQuery(vendorProductsQuery(user.email))];
