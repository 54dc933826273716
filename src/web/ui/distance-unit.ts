import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_DISTANCE_UNIT, type DistanceUnit } from '#contract/distance-format.ts';
import { call } from '../api/client.ts';

/** The marketplace's settings (the admin's): read once per page load, rendered by the server into every page. */
export const marketplaceQuery = queryOptions({
  queryKey: ['marketplace'],
  queryFn: () => call('GET /marketplace'),
  staleTime: 5 * 60_000,
});

/**
 * The unit every distance is written in: the admin's choice, miles until it is known. `needed` false: only as far as
 * it was read already (nothing is asked for a page that shows no distance).
 */
export function useDistanceUnit(needed = true): DistanceUnit {
  return useQuery({ ...marketplaceQuery, enabled: needed }).data?.distanceUnit ?? DEFAULT_DISTANCE_UNIT;
}
