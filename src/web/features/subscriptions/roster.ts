import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

const rosterKey = (shopId: string) => ['subscription-roster', shopId] as const;

/** The shop's subscribers over the seven days from `from` (default: today in the shop's zone). */
export const rosterQuery = (shopId: string, from?: string) =>
  queryOptions({
    queryKey: [...rosterKey(shopId), from ?? 'today'],
    queryFn: () => call('GET /shops/:shopId/subscription-roster', { params: { shopId }, query: from ? { from } : {} }),
  });

export const useRoster = (shopId: string, from?: string) => useQuery(rosterQuery(shopId, from));

/** Sets a box plan's contents for one date; the roster is read again. */
export function useSetBox(shopId: string) {
  return useRefreshingMutation(
    ({ planId, date, contents }: { planId: string; date: string; contents: string }) =>
      call('PUT /shops/:shopId/subscription-plans/:planId/box-contents/:date', {
        params: { shopId, planId, date },
        body: { contents },
      }),
    [rosterKey(shopId)],
  );
}
