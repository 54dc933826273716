import type { ShopHandover } from '#contract/shops.ts';
import type { FulfilmentWindow, Slot } from '#contract/slots.ts';
import type { Tx } from '../../db/client.ts';
import { listSlots } from './calendar.ts';
import { readSettings } from './settings.ts';

const weekly = ({ weekday, start, end, endsNextDay }: FulfilmentWindow) => ({ weekday, start, end, endsNextDay });
const nextOf = (slot: Slot | undefined) =>
  slot ? { start: slot.start, end: slot.end, closesAt: slot.closesAt } : null;

/**
 * How a shop hands over orders, for its public page: its settings' pickup points and delivery terms and area with
 * their weekly windows, and the next slot of each that takes orders now, from the same calendar checkout books
 * (`listSlots`: cutoffs, capacity, cancellations, the ordering horizon). No capacities or ids.
 */
export async function shopHandover(
  db: Tx,
  shopId: string,
  options: { defaultTimeZone: string; now: Date },
): Promise<ShopHandover> {
  const [settings, calendar] = await Promise.all([
    readSettings(db, shopId, options.defaultTimeZone, options.now),
    listSlots(db, shopId, {}, options),
  ]);
  const open = calendar.slots
    .filter((slot) => slot.status === 'open')
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const cutoffs = open.map((slot) => slot.closesAt).sort((a, b) => Date.parse(a) - Date.parse(b));
  const { delivery } = settings;
  return {
    timeZone: settings.timeZone,
    pickupPoints: settings.pickupPoints.map((point) => ({
      name: point.name,
      address: point.address,
      windows: point.windows.map(weekly),
      next: nextOf(open.find((slot) => slot.kind === 'pickup' && slot.pickupPoint?.id === point.id)),
    })),
    delivery: delivery && {
      fee: delivery.fee,
      freeOver: delivery.freeOver,
      minimumOrder: delivery.minimumOrder,
      postcodes: delivery.postcodes,
      radiusKm: delivery.radiusKm,
      windows: delivery.windows.map(weekly),
      next: nextOf(open.find((slot) => slot.kind === 'delivery')),
    },
    nextCutoff: cutoffs[0] ?? null,
  };
}
