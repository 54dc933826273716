import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '#contract/api/orders.ts';
import type { FulfilmentUpdate } from '#contract/fulfilment.ts';
import { call } from '../../api/client.ts';
import { vendorOrdersKey } from './get-vendor-orders.ts';
import { vendorSalesKey } from './get-vendor-sales.ts';
import { vendorStatsKey } from './get-vendor-stats.ts';

export function updateVendorOrder(orderId: string, status: FulfilmentUpdate['status']) {
  return call(ordersApi.updateVendorOrder, { params: { orderId }, body: { status } });
}

/** Ships, delivers or cancels the vendor's part of an order; the list and the figures refresh. */
export function useUpdateVendorOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: FulfilmentUpdate['status'] }) =>
      updateVendorOrder(orderId, status),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorOrdersKey }),
        queryClient.invalidateQueries({ queryKey: vendorStatsKey }),
        queryClient.invalidateQueries({ queryKey: vendorSalesKey }),
      ]);
    },
  });
}
