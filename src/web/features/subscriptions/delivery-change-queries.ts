import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MadeDelivery } from '#contract/delivery-changes.ts';
import { call } from '../../api/client.ts';

const keyOf = (id: string, date: string) => ['subscriptions', 'delivery', id, date] as const;

/** A made delivery of the shopper's subscription: its items, totals and what may be swapped in or added. */
export const useMadeDelivery = (id: string, date: string) =>
  useQuery({
    queryKey: keyOf(id, date),
    queryFn: () => call('GET /subscriptions/:id/deliveries/:date', { params: { id, date } }),
    retry: false,
  });

export type DeliveryChange =
  | { kind: 'add'; optionId: string; quantity: number }
  | { kind: 'swap'; lineId: string; optionId: string }
  | { kind: 'remove'; lineId: string }
  | { kind: 'window'; windowId: string };

function send(id: string, date: string, c: DeliveryChange): Promise<MadeDelivery> {
  switch (c.kind) {
    case 'add':
      return call('POST /subscriptions/:id/deliveries/:date/lines', {
        params: { id, date },
        body: { optionId: c.optionId, quantity: c.quantity },
      });
    case 'swap':
      return call('PUT /subscriptions/:id/deliveries/:date/lines/:lineId', {
        params: { id, date, lineId: c.lineId },
        body: { optionId: c.optionId },
      });
    case 'window':
      return call('PUT /subscriptions/:id/deliveries/:date/window', {
        params: { id, date },
        body: { windowId: c.windowId },
      });
    case 'remove':
      return call('DELETE /subscriptions/:id/deliveries/:date/lines/:lineId', {
        params: { id, date, lineId: c.lineId },
      });
  }
}

/** One change of a made delivery; the panel shows the delivery as the server answers it after. */
export function useChangeDelivery(id: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: DeliveryChange) => send(id, date, c),
    onSuccess: (delivery, c) => {
      queryClient.setQueryData(keyOf(id, date), delivery);
      // The list names the delivery's time.
      if (c.kind === 'window') void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'mine'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: keyOf(id, date) }),
  });
}
