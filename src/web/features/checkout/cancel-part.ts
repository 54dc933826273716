import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { customerStatsKey } from './get-customer-stats.ts';

/** What a change of a shop's part refreshes: the order's steps, its invoice, the payment history, the home figures. */
const ORDER_VIEWS = [['order-tracking'], ['invoice'], ['customer-payments'], ['shop-slots'], customerStatsKey];

/** The buyer cancels one shop's part of an order (the order's or its payment's id). */
export function cancelPart(id: string, shopId: string) {
  return call('POST /orders/:id/shops/:shopId/cancellation', { params: { id, shopId } });
}

export function useCancelPart() {
  return useRefreshingMutation(({ id, shopId }: { id: string; shopId: string }) => cancelPart(id, shopId), ORDER_VIEWS);
}

/** The buyer moves one shop's part to another open slot of the shop, of the same kind. */
export function movePart(id: string, shopId: string, slotId: string) {
  return call('PUT /orders/:id/shops/:shopId/slot', { params: { id, shopId }, body: { slotId } });
}

export function useMovePart() {
  return useRefreshingMutation(
    ({ id, shopId, slotId }: { id: string; shopId: string; slotId: string }) => movePart(id, shopId, slotId),
    ORDER_VIEWS,
  );
}
