import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryValue } from '#contract/categories.ts';
import { call } from '../../api/client.ts';

export const categoryDealsQuery = (category: CategoryValue) =>
  queryOptions({
    queryKey: ['deals', category],
    queryFn: () => call('GET /deals', { query: { category } }),
  });

/** The category's running deals, soonest end first. */
export function useCategoryDeals(category: CategoryValue) {
  return useQuery(categoryDealsQuery(category));
}
