import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanValues } from '#contract/subscriptions.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

/** One open or upcoming plan, as its public page shows it. */
export const planQuery = (id: string) =>
  queryOptions({
    queryKey: ['subscription-plans', 'one', id],
    queryFn: () => call('GET /subscription-plans/:id', { params: { id } }),
  });

export const usePlan = (id: string) => useQuery(planQuery(id));

/** A box plan's coming boxes, as the farm set them for its next deliveries. */
export const planBoxesQuery = (id: string) =>
  queryOptions({
    queryKey: ['subscription-plans', 'boxes', id],
    queryFn: () => call('GET /subscription-plans/:id/boxes', { params: { id } }),
  });

export const usePlanBoxes = (id: string) => useQuery(planBoxesQuery(id));

const shopPlansKey = (shopId: string) => ['subscription-plans', 'shop', shopId] as const;

/** Every plan of the vendor's shop, ended ones too. */
export const vendorPlansQuery = (shopId: string) =>
  queryOptions({
    queryKey: shopPlansKey(shopId),
    queryFn: () => call('GET /shops/:shopId/subscription-plans', { params: { shopId } }),
  });

export const useVendorPlans = (shopId: string) => useQuery(vendorPlansQuery(shopId));

/** The shop's options on sale and its pickup and delivery times, for the plan form. */
export const planChoicesQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['subscription-plans', 'choices', shopId],
    queryFn: () => call('GET /shops/:shopId/subscription-plan-choices', { params: { shopId } }),
  });

export const usePlanChoices = (shopId: string) => useQuery(planChoicesQuery(shopId));

/** Creates a plan (`planId` undefined) or changes one; the shop's list is read again. */
export function useSavePlan(shopId: string) {
  return useRefreshingMutation(
    ({ planId, body }: { planId?: string; body: PlanValues }) =>
      planId
        ? call('PUT /shops/:shopId/subscription-plans/:planId', { params: { shopId, planId }, body })
        : call('POST /shops/:shopId/subscription-plans', { params: { shopId }, body }),
    [shopPlansKey(shopId)],
  );
}

export function useEndPlan(shopId: string) {
  return useRefreshingMutation(
    (planId: string) => call('POST /shops/:shopId/subscription-plans/:planId/end', { params: { shopId, planId } }),
    [shopPlansKey(shopId)],
  );
}
