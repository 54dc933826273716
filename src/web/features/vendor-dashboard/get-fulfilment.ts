import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FulfilmentSettingsInput } from '#contract/slots.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export const fulfilmentKey = (shopId: string) => ['fulfilment', shopId] as const;

export const fulfilmentQuery = (shopId: string) =>
  queryOptions({
    queryKey: fulfilmentKey(shopId),
    queryFn: () => call('GET /shops/:shopId/fulfilment', { params: { shopId } }),
  });

/** The shop's pickup and delivery settings (the shop's id is its vendor's). */
export function useFulfilment(shopId: string) {
  return useQuery(fulfilmentQuery(shopId));
}

/** Saves the whole settings; the page reads them back. */
export function useSaveFulfilment(shopId: string) {
  return useRefreshingMutation(
    (body: FulfilmentSettingsInput) => call('PUT /shops/:shopId/fulfilment', { params: { shopId }, body }),
    [fulfilmentKey(shopId)],
  );
}
