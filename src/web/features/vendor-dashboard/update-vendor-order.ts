import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkStepInput, FulfilmentUpdate } from '#contract/fulfilment.ts';
import { call } from '../../api/client.ts';
import { refreshQueries, useRefreshingMutation } from '../../api/mutation.ts';
import { vendorSalesKey } from './get-vendor-sales.ts';
import { vendorStatsKey } from './get-vendor-stats.ts';
import { vendorWeekKey } from './get-vendor-week.ts';

const refreshed = [vendorWeekKey, vendorStatsKey, vendorSalesKey];

export function updateVendorOrder(orderId: string, status: FulfilmentUpdate['status']) {
  return call('PATCH /vendor/orders/:orderId', { params: { orderId }, body: { status } });
}

/**
 * Ships, delivers or cancels the vendor's part of an order; the list and the figures refresh behind the answer, so
 * the step's Undo shows at once rather than after the week is read again.
 */
export function useUpdateVendorOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: FulfilmentUpdate['status'] }) =>
      updateVendorOrder(orderId, status),
    onSuccess: () => {
      void refreshQueries(queryClient, refreshed);
    },
  });
}

/** Moves several orders to one step (Mark all ready); answers per order what happened. */
export function useVendorOrderSteps() {
  return useRefreshingMutation(
    (body: BulkStepInput) => call('POST /vendor/orders/steps', { body }),
    refreshed,
    // Some may have moved even when the answer was lost.
    { alsoOnError: true },
  );
}

/** Takes back steps just made, each with the token it answered; answers how many went back and the first refusal. */
export function useUndoSteps() {
  return useRefreshingMutation(async (undos: { orderId: string; token: string }[]) => {
    const outcomes = await Promise.allSettled(
      undos.map(({ orderId, token }) =>
        call('POST /vendor/orders/:orderId/undo', { params: { orderId }, body: { token } }),
      ),
    );
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    return {
      undone: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
      refusal: refused ? (refused as PromiseRejectedResult).reason : null,
    };
  }, refreshed);
}
