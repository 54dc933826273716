import { pageQuery } from '../../api/query-client.ts';
import type { GuardedLoad } from '../../auth/RequireRole.tsx';
import { favouritesQuery } from '../../favourites/favourites.ts';
import { buyAgainQuery } from './buy-again.ts';

// The favourites page's first queries, for its route loader (loaded on the first visit).
export const favourites = ({ user }: GuardedLoad) => [
  pageQuery(favouritesQuery(user.email)),
  pageQuery(buyAgainQuery(user.email)),
];
