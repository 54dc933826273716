import { and, asc, between, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Closure } from '#contract/slots.ts';
import type { Tx } from '../../db/client.ts';
import { daysFrom } from './closure-groups.ts';
import { slotKey } from './slot-times.ts';
import { holidays, slotBookings } from './tables.ts';

export type HolidayRow = typeof holidays.$inferSelect;
type Window = { id: string; weekday: number };

/** The shops' holidays that touch the days from `from` to `to` (YYYY-MM-DD), first day first. */
export const holidaysOver = (db: Tx, shopIds: string[], from: string, to: string): Promise<HolidayRow[]> =>
  shopIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(holidays)
        .where(and(inArray(holidays.shopId, shopIds), lte(holidays.firstDay, to), gte(holidays.lastDay, from)))
        .orderBy(asc(holidays.firstDay), asc(holidays.createdAt));

/** The shop's holiday that closes `date`, if any. */
export const holidayOn = (rows: HolidayRow[], shopId: string, date: string) =>
  rows.find((h) => h.shopId === shopId && h.firstDay <= date && date <= h.lastDay);

/** The days of the holiday on which one of these windows falls: the days it closes, as the vendor sees them. */
export const closedDays = (holiday: Pick<HolidayRow, 'firstDay' | 'lastDay'>, windows: Window[]) =>
  daysFrom(holiday.firstDay, holiday.lastDay)
    .filter((day) => windows.some((w) => w.weekday === day.weekday))
    .map((day) => day.date);

/** The slots (by slotKey) of these windows that the holidays close from `from` to `to`. */
export function holidayKeys(rows: HolidayRow[], windows: Window[], from: string, to: string): string[] {
  return rows.flatMap((h) =>
    daysFrom(h.firstDay > from ? h.firstDay : from, h.lastDay < to ? h.lastDay : to).flatMap((day) =>
      windows.filter((w) => w.weekday === day.weekday).map((w) => slotKey(w.id, day.date)),
    ),
  );
}

/** The shoppers' live bookings of these windows from `from` to `to`, one per window and date. */
export const bookedSlots = (db: Tx, windowIds: string[], from: string, to: string) =>
  windowIds.length === 0
    ? Promise.resolve([])
    : db
        .selectDistinct({ windowId: slotBookings.windowId, date: slotBookings.date })
        .from(slotBookings)
        .where(
          and(
            inArray(slotBookings.windowId, windowIds),
            between(slotBookings.date, from, to),
            isNull(slotBookings.cancelledAt),
          ),
        );

/**
 * Holidays as the settings list them: over every window, with the days they close and how many bookings (`booked`,
 * by window and date) they hold.
 */
export const holidayClosures = (
  rows: HolidayRow[],
  windows: Window[],
  booked: { date: string; booked: number }[],
): Closure[] =>
  rows.map((h) => ({
    id: h.id,
    from: h.firstDay,
    to: h.lastDay,
    allWindows: true,
    windowIds: [],
    reason: h.note,
    booked: booked.filter((b) => h.firstDay <= b.date && b.date <= h.lastDay).reduce((sum, b) => sum + b.booked, 0),
    cancellationIds: [],
    days: closedDays(h, windows),
  }));

/** The shop's holidays not over by `today`. */
export const holidaysFrom = (db: Tx, shopId: string, today: string) =>
  db
    .select()
    .from(holidays)
    .where(and(eq(holidays.shopId, shopId), gte(holidays.lastDay, today)))
    .orderBy(asc(holidays.firstDay), asc(holidays.createdAt));
