import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { customerStatsKey } from './get-customer-stats.ts';

/** The buyer cancels one shop's part of an order (the order's or its payment's id). */
export function cancelPart(id: string, shopId: string) {
  return call('POST /orders/:id/shops/:shopId/cancellation', { params: { id, shopId } });
}

/** Cancels a shop's part; the order's steps, its invoice, the payment history and the home figures refresh. */
export function useCancelPart() {
  return useRefreshingMutation(
    ({ id, shopId }: { id: string; shopId: string }) => cancelPart(id, shopId),
    [['order-tracking'], ['invoice'], ['customer-payments'], customerStatsKey],
  );
}
