import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosureInput, FulfilmentSettingsInput } from '#contract/slots.ts';
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

/** Closes the shop over a range of dates, every window or one (a holiday); the settings list it. */
export function useCloseShop(shopId: string) {
  return useRefreshingMutation(
    (body: ClosureInput) => call('POST /shops/:shopId/fulfilment/closures', { params: { shopId }, body }),
    [fulfilmentKey(shopId)],
  );
}

/** Takes a closure back whole: its slots take bookings again. */
export function useReopenShop(shopId: string) {
  return useRefreshingMutation(
    (id: string) => call('DELETE /shops/:shopId/fulfilment/closures/:id', { params: { shopId, id } }),
    [fulfilmentKey(shopId)],
  );
}
