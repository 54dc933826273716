import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_CUTOFF_HOURS } from '#contract/slots.ts';
import type { Tx } from '../../db/client.ts';
import { holidayOn, holidaysOver } from './holidays.ts';
import { slotKey } from './slot-times.ts';
import { fulfilmentSettings, slotBookings, windowCancellations } from './tables.ts';

/** A place an order booked: the shop, its window on a date, and when the slot starts. */
export type BookedSlot = { shopId: string; windowId: string; date: string; startsAt: Date };

/**
 * What stands of a booked slot now: when its ordering closes, and the shop's cancellation of that date (or a holiday
 * over it), if any.
 */
export type BookedSlotState = { closesAt: Date; cancelled: { reason: string | null } | null };

const HOUR_MS = 3_600_000;

/**
 * Each booked slot's state, in the order given: ordering closes the shop's cutoff hours (as its settings say now)
 * before the slot starts; `cancelled` when the shop cancelled the window on that date (a holiday).
 */
export async function bookedSlotStates(db: Tx, booked: BookedSlot[]): Promise<BookedSlotState[]> {
  if (booked.length === 0) return [];
  const dates = booked.map((b) => b.date).sort();
  const [settings, cancellations, closedDays] = await Promise.all([
    db
      .select({ shopId: fulfilmentSettings.shopId, cutoffHours: fulfilmentSettings.cutoffHours })
      .from(fulfilmentSettings)
      .where(
        inArray(
          fulfilmentSettings.shopId,
          booked.map((b) => b.shopId),
        ),
      ),
    db
      .select()
      .from(windowCancellations)
      .where(
        and(
          inArray(
            windowCancellations.windowId,
            booked.map((b) => b.windowId),
          ),
          inArray(
            windowCancellations.date,
            booked.map((b) => b.date),
          ),
        ),
      ),
    holidaysOver(
      db,
      booked.map((b) => b.shopId),
      dates[0],
      dates[dates.length - 1],
    ),
  ]);
  const cutoffOf = new Map(settings.map((s) => [s.shopId, s.cutoffHours]));
  const cancelledOf = new Map(cancellations.map((c) => [slotKey(c.windowId, c.date), c]));
  return booked.map((slot) => {
    const holiday = holidayOn(closedDays, slot.shopId, slot.date);
    const cancellation = cancelledOf.get(slotKey(slot.windowId, slot.date)) ?? (holiday && { reason: holiday.note });
    return {
      closesAt: new Date(slot.startsAt.getTime() - (cutoffOf.get(slot.shopId) ?? DEFAULT_CUTOFF_HOURS) * HOUR_MS),
      cancelled: cancellation ? { reason: cancellation.reason } : null,
    };
  });
}

/** Frees the order's place in a window (its part was cancelled), in the caller's transaction. */
export async function releaseBooking(tx: Tx, orderId: string, windowId: string): Promise<void> {
  await tx
    .update(slotBookings)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(eq(slotBookings.orderId, orderId), eq(slotBookings.windowId, windowId), isNull(slotBookings.cancelledAt)),
    );
}
