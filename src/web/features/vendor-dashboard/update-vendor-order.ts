import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FulfilmentUpdate, VendorOrder } from '#contract/fulfilment.ts';
import { api } from '../../api/client.ts';
import { vendorOrdersKey } from './get-vendor-orders.ts';
import { vendorSalesKey } from './get-vendor-sales.ts';
import { vendorStatsKey } from './get-vendor-stats.ts';

type Updated = { modifiedCount: number; order: VendorOrder };

export function updateVendorOrder(orderId: string, status: FulfilmentUpdate['status']) {
  return api<Updated>(`/vendor/orders/${orderId}`, { method: 'PATCH', body: { status } });
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
