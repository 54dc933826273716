import type { FulfilmentUpdate } from '#contract/fulfilment.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { vendorSalesKey } from './get-vendor-sales.ts';
import { vendorStatsKey } from './get-vendor-stats.ts';
import { vendorWeekKey } from './get-vendor-week.ts';

export function updateVendorOrder(orderId: string, status: FulfilmentUpdate['status']) {
  return call('PATCH /vendor/orders/:orderId', { params: { orderId }, body: { status } });
}

/** Ships, delivers or cancels the vendor's part of an order; the list and the figures refresh. */
export function useUpdateVendorOrder() {
  return useRefreshingMutation(
    ({ orderId, status }: { orderId: string; status: FulfilmentUpdate['status'] }) =>
      updateVendorOrder(orderId, status),
    [vendorWeekKey, vendorStatsKey, vendorSalesKey],
  );
}
