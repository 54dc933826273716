import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** GET /membership-plans: the memberships offered to vendors, as the admin set them. */
export const offeredPlansQuery = queryOptions({
  queryKey: ['membership-plans'],
  queryFn: () => call('GET /membership-plans'),
});

export const useOfferedPlans = () => useQuery(offeredPlansQuery);
