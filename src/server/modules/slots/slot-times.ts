import { Temporal } from 'temporal-polyfill';
import { centsToDollars } from '#contract/money.ts';
import type { FulfilmentKind, Slot, SlotStatus } from '#contract/slots.ts';

/**
 * A weekly window as the slot calendar reads it: ISO weekday (1 = Monday), wall-clock start and end (HH:MM or
 * HH:MM:SS) in the shop's zone, the end on the next day when `endsNextDay`.
 */
export type WeeklyWindow = {
  id: string;
  kind: FulfilmentKind;
  pickupPoint: { id: string; name: string; address: string } | null;
  weekday: number;
  startTime: string;
  endTime: string;
  endsNextDay: boolean;
  capacity: number;
};

/** What the calendar needs of the shop's settings. */
export type SlotTerms = { timeZone: string; cutoffHours: number; deliveryFeeCents: number };

/** `windowId date`: how bookings and cancellations of one slot are looked up. */
export const slotKey = (windowId: string, date: string) => `${windowId} ${date}`;

/** The calendar day in the zone at an instant. */
export function dayIn(timeZone: string, at: Date): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
}

/**
 * When the window's slot on `date` starts and ends. A wall-clock time the zone skips (spring forward) is read as
 * the same time after the jump, one it repeats (fall back) as the first of the two: Temporal's `compatible`.
 */
export function slotBounds(window: WeeklyWindow, date: Temporal.PlainDate, timeZone: string) {
  const at = (day: Temporal.PlainDate, time: string) =>
    day.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) });
  const start = at(date, window.startTime);
  const end = at(window.endsNextDay ? date.add({ days: 1 }) : date, window.endTime);
  return { start, end };
}

/** ISO 8601 with the zone's offset at that moment (no bracketed zone name). */
const iso = (at: Temporal.ZonedDateTime) => at.toString({ timeZoneName: 'never', smallestUnit: 'second' });

/** The days from `from` to `to`, both included. */
export function* days(from: Temporal.PlainDate, to: Temporal.PlainDate) {
  for (let day = from; Temporal.PlainDate.compare(day, to) <= 0; day = day.add({ days: 1 })) yield day;
}

/**
 * The slots of the windows on the days from `from` to `to` (by the day each starts), by start, then pickup before
 * delivery, then the order the windows come in. `booked` counts the live bookings and `cancelled` holds the
 * cancelled slots, both by `slotKey`; `encodeId` names a slot.
 */
export function slotsBetween(
  terms: SlotTerms,
  windows: WeeklyWindow[],
  range: { from: Temporal.PlainDate; to: Temporal.PlainDate },
  state: { booked: Map<string, number>; cancelled: Set<string>; now: Date },
  encodeId: (windowId: string, date: string) => string,
): Slot[] {
  const now = Temporal.Instant.fromEpochMilliseconds(state.now.getTime());
  const slots: (Slot & { at: Temporal.Instant; order: number })[] = [];
  for (const day of days(range.from, range.to)) {
    windows.forEach((window, order) => {
      if (window.weekday !== day.dayOfWeek) return;
      const date = day.toString();
      const key = slotKey(window.id, date);
      const { start, end } = slotBounds(window, day, terms.timeZone);
      const closesAt = start.subtract({ hours: terms.cutoffHours });
      const remaining = Math.max(0, window.capacity - (state.booked.get(key) ?? 0));
      const status: SlotStatus = state.cancelled.has(key)
        ? 'cancelled'
        : Temporal.Instant.compare(now, closesAt.toInstant()) >= 0
          ? 'closed'
          : remaining === 0
            ? 'full'
            : 'open';
      slots.push({
        id: encodeId(window.id, date),
        kind: window.kind,
        pickupPoint: window.pickupPoint,
        start: iso(start),
        end: iso(end),
        closesAt: iso(closesAt),
        capacity: window.capacity,
        remaining,
        fee: window.kind === 'delivery' ? centsToDollars(terms.deliveryFeeCents) : 0,
        status,
        at: start.toInstant(),
        order: (window.kind === 'pickup' ? 0 : 1_000) + order,
      });
    });
  }
  return slots
    .sort((a, b) => Temporal.Instant.compare(a.at, b.at) || a.order - b.order)
    .map(({ at: _at, order: _order, ...slot }) => slot);
}
