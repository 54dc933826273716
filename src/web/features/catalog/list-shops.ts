import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { placeParams, useShopperPlace } from '../../ui/shopper-place.ts';

type ShopListQuery = { q: string; near?: string; lat?: number; lng?: number };

export function listShops(query: ShopListQuery) {
  return call('GET /shops', { query });
}

/** The shop list (the server renders it without a place: `shopsQuery('')`). */
export const shopsQuery = (q: string, place: Omit<ShopListQuery, 'q'> = {}) =>
  queryOptions({ queryKey: ['shops', q, place], queryFn: () => listShops({ q, ...place }) });

/** The shops matching `q`, nearest first with their distances once the shopper's place is known. */
export function useShops(q: string) {
  return useQuery({ ...shopsQuery(q, placeParams(useShopperPlace())), placeholderData: keepPreviousData });
}
