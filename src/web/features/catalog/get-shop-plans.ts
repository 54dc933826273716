import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** A listed shop's open and upcoming subscription plans, for its page. */
export const shopPlansQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['subscription-plans', 'public-shop', shopId],
    queryFn: () => call('GET /subscription-plans/shop/:shopId', { params: { shopId } }),
  });

export const useShopPlans = (shopId: string) => useQuery(shopPlansQuery(shopId));
