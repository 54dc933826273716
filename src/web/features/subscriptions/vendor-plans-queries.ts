import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { planChoicesQuery, vendorPlansQuery } from './plans.ts';

// The vendor's Subscriptions page's first queries: its plans and what they may hold.
export const vendorPlans = ({ user }: GuardedLoad) => [
  pageQuery(vendorPlansQuery(user.id)),
  pageQuery(planChoicesQuery(user.id)),
];
