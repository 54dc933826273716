import { Clock, MapPin, Truck } from 'lucide-react';
import { distanceText } from '#contract/distance-format.ts';
import { weeklyWindowLabel } from '#contract/fulfilment-labels.ts';
import { momentLabel } from '#contract/moment-label.ts';
import { formatDollars } from '#contract/money.ts';
import type { ShopHandover as Handover } from '#contract/shops.ts';
import { windowLabel } from '#contract/window-label.ts';
import { useDistanceUnit } from '../../ui/distance-unit.ts';

type Next = Handover['pickupPoints'][number]['next'];

function NextSlot({ next, timeZone }: { next: Next; timeZone: string }) {
  return next ? (
    <p className="text-sm">
      <span className="font-semibold">Next:</span> {windowLabel(next.start, next.end, timeZone)}
    </p>
  ) : (
    <p className="text-sm text-base-content/70">No time open for orders in the coming days</p>
  );
}

/** "Delivery $6.50 · free over $60 · minimum order $25" */
function deliveryTermsText(d: NonNullable<Handover['delivery']>) {
  const parts = [d.fee === 0 ? 'Free delivery' : `Delivery ${formatDollars(d.fee)}`];
  if (d.freeOver !== null && d.fee > 0) parts.push(`free over ${formatDollars(d.freeOver)}`);
  parts.push(d.minimumOrder > 0 ? `minimum order ${formatDollars(d.minimumOrder)}` : 'no minimum order');
  return parts.join(' · ');
}

/**
 * How the shop hands over orders, from its settings and the calendar checkout books: when ordering next closes, its
 * pickup points with their weekly times and next slot, its delivery terms, area and times.
 */
export function ShopHandover({ handover }: { handover: Handover }) {
  const unit = useDistanceUnit();
  const { timeZone, pickupPoints, delivery, nextCutoff } = handover;
  if (pickupPoints.length === 0 && !delivery) {
    return (
      <section aria-labelledby="handover" className="rounded-box border border-base-300 bg-base-100 p-5">
        <h2 id="handover" className="text-xl font-bold">
          Pickup & delivery
        </h2>
        <p className="mt-2">This shop has not set its pickup points or delivery yet.</p>
      </section>
    );
  }
  const area = delivery && [
    delivery.postcodes.length > 0 ? `ZIP codes ${delivery.postcodes.join(', ')}` : null,
    delivery.radiusKm !== null ? `within ${distanceText(delivery.radiusKm, unit)} of the shop` : null,
  ];
  return (
    <section aria-labelledby="handover" className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-5">
      <h2 id="handover" className="text-xl font-bold">
        Pickup & delivery
      </h2>
      {nextCutoff ? (
        <p className="flex gap-2 rounded-box bg-base-200 p-3">
          <Clock size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" />
          <span>
            Order by <strong>{momentLabel(nextCutoff, timeZone)}</strong> for the next pickup or delivery
          </span>
        </p>
      ) : null}
      {pickupPoints.length > 0 ? (
        <div>
          <h3 className="font-semibold">Pickup points (free)</h3>
          <ul className="mt-2 grid gap-3" aria-label="Pickup points">
            {pickupPoints.map((point) => (
              <li key={`${point.name} ${point.address}`} className="grid gap-0.5">
                <p className="font-semibold">{point.name}</p>
                <p className="flex gap-1 text-sm">
                  <MapPin size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" /> {point.address}
                </p>
                {point.windows.map((w) => (
                  <p key={`${w.weekday} ${w.start}`} className="text-sm">
                    {weeklyWindowLabel(w, point.name)}
                  </p>
                ))}
                <NextSlot next={point.next} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {delivery ? (
        <div className="grid gap-0.5">
          <h3 className="flex items-center gap-1 font-semibold">
            <Truck size={18} aria-hidden="true" className="text-primary" /> Delivery
          </h3>
          <p>{deliveryTermsText(delivery)}</p>
          <p className="text-sm">Delivers to {area?.filter(Boolean).join(', or ')}</p>
          {delivery.windows.map((w) => (
            <p key={`${w.weekday} ${w.start}`} className="text-sm">
              {weeklyWindowLabel(w)}
            </p>
          ))}
          <NextSlot next={delivery.next} timeZone={timeZone} />
        </div>
      ) : null}
      <p className="text-sm text-base-content/70">Times are the shop's local time.</p>
    </section>
  );
}
