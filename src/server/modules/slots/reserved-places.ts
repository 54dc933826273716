import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingCounts } from './settings.ts';
import { slotKey } from './slot-times.ts';
import { fulfilmentWindows } from './tables.ts';

/** Places held in windows' slots for orders not made yet (a subscription's coming deliveries), by window and date. */
export type ReservedPlaces = (
  db: Tx,
  windowIds: string[],
  fromDate: string,
  toDate: string,
) => Promise<{ windowId: string; date: string; reserved: number }[]>;

let reserved: ReservedPlaces = async () => [];

/**
 * Who holds places ahead of orders: the subscriptions module, passed in by app.ts (it calls slots, so slots cannot
 * import it). Until then no place is held.
 */
export function holdPlacesFor(source: ReservedPlaces): void {
  reserved = source;
}

/**
 * The places taken in these windows' slots from `fromDate` to `toDate`: live bookings and the places held for
 * subscriptions' deliveries whose order is not made yet, so one-off orders only get what subscribers leave.
 */
export async function placesTaken(db: Tx, windowIds: string[], fromDate: string, toDate: string) {
  if (windowIds.length === 0) return [];
  // One after the other: on a transaction's one connection queries do not run side by side.
  const booked = await bookingCounts(db, windowIds, fromDate, toDate);
  const held = await reserved(db, windowIds, fromDate, toDate);
  const taken = new Map<string, { windowId: string; date: string; booked: number }>();
  for (const row of [...booked.map((b) => ({ ...b, n: b.booked })), ...held.map((h) => ({ ...h, n: h.reserved }))]) {
    const key = slotKey(row.windowId, row.date);
    const current = taken.get(key) ?? { windowId: row.windowId, date: row.date, booked: 0 };
    current.booked += row.n;
    taken.set(key, current);
  }
  return [...taken.values()];
}

/**
 * Locks these windows' places for a change of who holds them, in the caller's transaction: checkout's bookSlots takes
 * the same locks (FOR NO KEY UPDATE, in id order), so a subscription and a one-off order never both take a last place.
 */
export async function lockWindowPlaces(tx: Tx, windowIds: string[]): Promise<void> {
  await tx
    .select({ id: fulfilmentWindows.id })
    .from(fulfilmentWindows)
    .where(inArray(fulfilmentWindows.id, [...new Set(windowIds)].sort()))
    .orderBy(asc(fulfilmentWindows.id))
    .for('no key update');
}
