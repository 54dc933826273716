import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { rosterQuery } from './roster.ts';

// The roster page's first query: this week's subscribers.
export const vendorRoster = ({ user }: GuardedLoad) => [pageQuery(rosterQuery(user.id))];
