import { and, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_CUTOFF_HOURS } from '#contract/slots.ts';
import type { Tx } from '../../db/client.ts';
import { holidayOn, holidaysOver } from './holidays.ts';
import { slotBounds, slotKey } from './slot-times.ts';
import { fulfilmentSettings, fulfilmentWindows, pickupPoints, slotBookings, windowCancellations } from './tables.ts';

/** A window as a subscription's deliveries use it: its weekly times, where, and its shop's zone, cutoff and fee. */
export type ServedWindow = {
  id: string;
  shopId: string;
  kind: 'pickup' | 'delivery';
  weekday: number;
  startTime: string;
  endTime: string;
  endsNextDay: boolean;
  capacity: number;
  retired: boolean;
  pickupPoint: { name: string; address: string } | null;
  timeZone: string;
  cutoffHours: number;
  deliveryFeeCents: number;
  freeDeliveryOverCents: number | null;
};

/** These windows (retired ones too), by id, with what their shop's settings say now (the default zone without any). */
export async function servedWindows(
  db: Tx,
  windowIds: readonly string[],
  defaultTimeZone: string,
): Promise<Map<string, ServedWindow>> {
  const ids = [...new Set(windowIds)];
  if (ids.length === 0) return new Map();
  const windows = await db.select().from(fulfilmentWindows).where(inArray(fulfilmentWindows.id, ids));
  const shopIds = [...new Set(windows.map((w) => w.shopId))];
  const pointIds = windows.flatMap((w) => (w.pickupPointId ? [w.pickupPointId] : []));
  // One after the other: a transaction's one connection takes no queries side by side.
  const settings = await db.select().from(fulfilmentSettings).where(inArray(fulfilmentSettings.shopId, shopIds));
  const points =
    pointIds.length === 0 ? [] : await db.select().from(pickupPoints).where(inArray(pickupPoints.id, pointIds));
  const settingsOf = new Map(settings.map((s) => [s.shopId, s]));
  const pointOf = new Map(points.map((p) => [p.id, { name: p.name, address: p.address }]));
  return new Map(
    windows.map((w) => {
      const terms = settingsOf.get(w.shopId);
      return [
        w.id,
        {
          id: w.id,
          shopId: w.shopId,
          kind: w.kind,
          weekday: w.weekday,
          startTime: w.startTime,
          endTime: w.endTime,
          endsNextDay: w.endsNextDay,
          capacity: w.capacity,
          retired: w.retiredAt !== null,
          pickupPoint: w.pickupPointId ? (pointOf.get(w.pickupPointId) ?? null) : null,
          timeZone: terms?.timeZone ?? defaultTimeZone,
          cutoffHours: terms?.cutoffHours ?? DEFAULT_CUTOFF_HOURS,
          deliveryFeeCents: terms?.deliveryFeeCents ?? 0,
          freeDeliveryOverCents: terms?.freeDeliveryOverCents ?? null,
        },
      ];
    }),
  );
}

/**
 * The window's slot on `date` (YYYY-MM-DD, the shop's calendar): when it starts and ends, and when its ordering
 * closes (the cutoff hours before the start, counted in real hours across a clock change, as the slot calendar does).
 */
export function servedSlot(window: ServedWindow, date: string) {
  const { start, end } = slotBounds({ ...window, pickupPoint: null }, Temporal.PlainDate.from(date), window.timeZone);
  const closes = start.subtract({ hours: window.cutoffHours });
  return {
    start: new Date(start.epochMilliseconds),
    end: new Date(end.epochMilliseconds),
    closesAt: new Date(closes.epochMilliseconds),
    /** The cutoff less `days` calendar days in the shop's zone (the same wall-clock time across a clock change). */
    closesAtLess: (days: number) => new Date(closes.subtract({ days }).epochMilliseconds),
  };
}

/**
 * The slots (by slotKey) among these windows' dates that the shop cancelled (a window's date, or a holiday over it),
 * with the reason given.
 */
export async function cancelledSlots(
  db: Tx,
  slots: readonly { windowId: string; shopId: string; date: string }[],
): Promise<Map<string, string | null>> {
  if (slots.length === 0) return new Map();
  const dates = slots.map((s) => s.date).sort();
  const cancelled = await db
    .select()
    .from(windowCancellations)
    .where(
      and(
        inArray(
          windowCancellations.windowId,
          slots.map((s) => s.windowId),
        ),
        inArray(windowCancellations.date, dates),
      ),
    );
  const closed = await holidaysOver(db, [...new Set(slots.map((s) => s.shopId))], dates[0], dates[dates.length - 1]);
  const found = new Map<string, string | null>();
  for (const c of cancelled) found.set(slotKey(c.windowId, c.date), c.reason);
  for (const slot of slots) {
    const holiday = holidayOn(closed, slot.shopId, slot.date);
    if (holiday && !found.has(slotKey(slot.windowId, slot.date)))
      found.set(slotKey(slot.windowId, slot.date), holiday.note);
  }
  return found;
}

/**
 * Books a subscription order's place in its slot, in the caller's transaction: the place was reserved for the
 * subscription when it was taken, so no capacity is counted again and a slot closed since still takes it.
 */
export async function bookReservedPlace(
  tx: Tx,
  booking: { windowId: string; date: string; shopperId: string; orderId: string },
): Promise<void> {
  await tx.insert(slotBookings).values(booking);
}
