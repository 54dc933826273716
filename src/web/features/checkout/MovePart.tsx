import { useState } from 'react';
import type { OrderTracking } from '#contract/fulfilment.ts';
import { errorMessage } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { useMovePart } from './cancel-part.ts';
import { useShopSlots } from './checkout-plan.ts';
import { slotLabel } from './slot-time.ts';

type TrackedShop = OrderTracking['shops'][number];

/** Another open time of the shop, of the same kind, for a part whose booked date the shop cancelled. */
export function MovePart({ orderId, shop }: { orderId: string; shop: TrackedShop }) {
  const slots = useShopSlots(shop.shopId);
  const move = useMovePart();
  const [slotId, setSlotId] = useState('');
  const booked = shop.fulfilment;
  if (!booked || !shop.slotCancelled || !shop.cancellable) return null;
  const open = (slots.data?.slots ?? []).filter((slot) => slot.kind === booked.kind && slot.status === 'open');
  if (open.length === 0) return null;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    move.mutate(
      { id: orderId, shopId: shop.shopId, slotId },
      {
        onSuccess: () => toast.success(`Your order from ${shop.shopName} is moved to the new time`),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };
  return (
    <form className="no-print mt-2 flex flex-wrap items-end gap-2" onSubmit={onSubmit}>
      <label className="text-xs">
        <span className="mb-1 block font-semibold">Move to another {booked.kind} time</span>
        <select className="select select-sm" value={slotId} onChange={(event) => setSlotId(event.target.value)}>
          <option value="">Choose a time</option>
          {open.map((slot) => (
            <option key={slot.id} value={slot.id}>
              {slotLabel(slot, booked.timeZone)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={!slotId || move.isPending}>
        Move
      </button>
    </form>
  );
}
