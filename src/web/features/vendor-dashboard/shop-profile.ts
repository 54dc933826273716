import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopProfileInput } from '#contract/shops.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

/** The shop as its public page shows it (the same key as the page's, so saving refreshes both). */
export const shopProfileQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['shops', 'one', shopId],
    queryFn: () => call('GET /singleShop/:id', { params: { id: shopId } }),
  });

export const useShopProfile = (shopId: string) => useQuery(shopProfileQuery(shopId));

/** Saves the profile; the shop list and pages read it again. */
export const useSaveShopProfile = (shopId: string) =>
  useRefreshingMutation(
    (body: ShopProfileInput) => call('PUT /shops/:shopId/profile', { params: { shopId }, body }),
    [['shops']],
  );
