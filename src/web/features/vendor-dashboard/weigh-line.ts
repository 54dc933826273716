import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { vendorWeekKey } from './get-vendor-week.ts';

/** Saves what a weighed line really weighs; the week's orders refresh with its weighed price. */
export function useWeighLine() {
  return useRefreshingMutation(
    ({ orderId, lineId, grams }: { orderId: string; lineId: string; grams: number }) =>
      call('PUT /vendor/orders/:orderId/lines/:lineId/weight', { params: { orderId, lineId }, body: { grams } }),
    [vendorWeekKey],
  );
}
