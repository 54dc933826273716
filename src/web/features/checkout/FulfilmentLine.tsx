import type { DeliveryAddress } from '#contract/checkout-plan.ts';
import type { FulfilmentKind } from '#contract/slots.ts';
import { windowLabel } from './slot-time.ts';

/** One shop's part of an order, as it is handed over: when, where, and the shopper's note to the producer. */
export type Handover = {
  shopId: string;
  shopName: string;
  kind: FulfilmentKind;
  start: string;
  end: string;
  timeZone: string;
  pickupPoint: { name: string; address: string } | null;
  deliveryAddress: DeliveryAddress | null;
  note: string | null;
};

/** "Pickup, Sat 28 Nov, 09:00–13:00 PST", then the place or the address, then the note. */
export function HandoverLine({ handover, showShop = true }: { handover: Handover; showShop?: boolean }) {
  const { kind, pickupPoint, deliveryAddress } = handover;
  return (
    <div className="min-w-0 text-sm">
      <p>
        {showShop ? <span className="font-semibold">{handover.shopName}: </span> : null}
        {kind === 'pickup' ? 'Pickup' : 'Delivery'}, {windowLabel(handover.start, handover.end, handover.timeZone)}
      </p>
      {pickupPoint ? (
        <p className="text-xs">
          At {pickupPoint.name}, {pickupPoint.address}
        </p>
      ) : null}
      {kind === 'delivery' && deliveryAddress ? (
        <p className="text-xs">
          To {deliveryAddress.address}, {deliveryAddress.postcode}
        </p>
      ) : null}
      {handover.note ? <p className="text-xs italic">Note: “{handover.note}”</p> : null}
    </div>
  );
}

/** Every shop's handover, one under the other. */
export function HandoverList({ handovers, label }: { handovers: Handover[]; label: string }) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {handovers.map((handover) => (
        <li key={handover.shopId}>
          <HandoverLine handover={handover} />
        </li>
      ))}
    </ul>
  );
}
