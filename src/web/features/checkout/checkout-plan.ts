import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutPlan, DeliveryAddressInput, ShopChoiceInput } from '#contract/checkout-plan.ts';
import { call } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { cartKey } from '../../cart/use-cart.ts';

/** The cart by shop with its pickup and delivery choices: under the cart's key, so whatever refreshes the cart refreshes it. */
export const checkoutPlanKey = (email: string | undefined) => [...cartKey(email), 'fulfilment'] as const;

export const checkoutPlanQuery = (email: string | undefined) =>
  queryOptions({ queryKey: checkoutPlanKey(email), queryFn: () => call('GET /cart/fulfilment') });

/** The signed-in shopper's checkout plan (nothing while signed out). */
export function useCheckoutPlan() {
  const { user } = useAuth();
  return useQuery({ ...checkoutPlanQuery(user?.email), enabled: Boolean(user?.email) });
}

export const shopSlotsQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['shop-slots', shopId] as const,
    queryFn: () => call('GET /shops/:shopId/slots', { params: { shopId }, query: {} }),
  });

/** A shop's pickup and delivery slots from today to its ordering horizon. */
export function useShopSlots(shopId: string) {
  return useQuery(shopSlotsQuery(shopId));
}

/**
 * A change of the plan: the server answers with the whole plan, which replaces the cached one at once; the cart and
 * the shop's slots (places left) are read again. A refused change reads the plan again too (a slot may have filled).
 */
function usePlanChange<TInput>(send: (input: TInput) => Promise<CheckoutPlan>, scope: string) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = checkoutPlanKey(user?.email);
  return useMutation({
    mutationFn: send,
    scope: { id: scope },
    onSuccess: (plan) => {
      queryClient.setQueryData(key, plan);
      void queryClient.invalidateQueries({ queryKey: cartKey(user?.email), exact: true });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shop-slots'] }),
  });
}

/** PUT /cart/fulfilment/:shopId: the slot and note for one shop's part of the cart. */
export function useChooseSlot(shopId: string) {
  return usePlanChange(
    (body: ShopChoiceInput) => call('PUT /cart/fulfilment/:shopId', { params: { shopId }, body }),
    `plan-${shopId}`,
  );
}

/** PUT /cart/delivery-address: where the delivered parts of the cart go. */
export function useSetDeliveryAddress() {
  return usePlanChange((body: DeliveryAddressInput) => call('PUT /cart/delivery-address', { body }), 'plan-address');
}
