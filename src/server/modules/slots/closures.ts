import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Closure, type closureInput, MAX_CLOSURE_DAYS } from '#contract/slots.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { OrderNumbersOf } from './cancel-notice.ts';
import { tellBookedShoppers } from './cancel-notice.ts';
import { closuresOf, daysFrom } from './closure-groups.ts';
import { bookedSlots, holidayClosures, holidayKeys, holidaysOver } from './holidays.ts';
import { bookingCounts, describeWindow, liveWindows, settingsRow } from './settings.ts';
import { dayIn, slotKey } from './slot-times.ts';
import { fulfilmentWindows, holidays, windowCancellations } from './tables.ts';

type WindowRow = typeof fulfilmentWindows.$inferSelect;

type Options = { defaultTimeZone: string; now: Date; orderNumbersOf?: OrderNumbersOf };

const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, { [field]: message });

/**
 * Closes the shop from `from` to `to`. Every window: a holiday, which closes the windows added later too. Only
 * `windowId`: one cancellation per date it falls on, written in one transaction so they read back as one closure
 * (dates already cancelled are kept as they are). Each shopper already booked is told.
 */
export async function closeShop(
  db: Db,
  shopId: string,
  input: z.output<typeof closureInput>,
  options: Options,
): Promise<Closure> {
  const to = input.to ?? input.from;
  const { timeZone } = await settingsRow(db, shopId, options.defaultTimeZone);
  if (input.from < dayIn(timeZone, options.now).toString()) throw refuse('from', 'The date is in the past');
  const windows = (await liveWindows(db, shopId)).filter((w) => !input.windowId || w.id === input.windowId);
  if (input.windowId && windows.length === 0) throw notFound('Window');
  const days = daysFrom(input.from, to).slice(0, MAX_CLOSURE_DAYS);
  const slots = days.flatMap((day) => windows.filter((w) => w.weekday === day.weekday).map((w) => ({ w, day })));
  if (slots.length === 0) {
    const which = input.windowId ? `The ${describeWindow(windows[0])} window is not` : 'None of your windows is';
    throw refuse(input.to ? 'to' : 'from', `${which} on ${input.to ? 'those dates' : 'that day'}`);
  }
  if (!input.windowId) return makeHoliday(db, shopId, { ...input, to }, windows, options);
  const made = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(windowCancellations)
      .values(slots.map(({ w, day }) => ({ windowId: w.id, date: day.date, reason: input.reason })))
      .onConflictDoNothing()
      .returning();
    for (const row of rows) {
      const window = windows.find((w) => w.id === row.windowId);
      if (window)
        await tellBookedShoppers(tx, shopId, row.windowId, row.date, describeWindow(window), options.orderNumbersOf);
    }
    return rows;
  });
  if (made.length === 0) throw conflict('Those dates are already closed');
  const booked = await bookingCounts(
    db,
    windows.map((w) => w.id),
    input.from,
    to,
  );
  const rows = made.map((row) => ({
    ...row,
    booked: booked.find((b) => b.windowId === row.windowId && b.date === row.date)?.booked ?? 0,
  }));
  return closuresOf(rows, windows)[0];
}

/**
 * A holiday from `from` to `to` over every window. A range inside another holiday is refused (409); the shoppers
 * booked on a slot it closes that was still open are told, in the same transaction.
 */
async function makeHoliday(
  db: Db,
  shopId: string,
  input: { from: string; to: string; reason: string | null },
  windows: WindowRow[],
  options: Options,
): Promise<Closure> {
  const ids = windows.map((w) => w.id);
  const made = await db.transaction(async (tx) => {
    // One holiday of a shop made at a time: two sent at once (a double click) would each see no other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('farmstall:holidays:' || ${shopId}))`);
    const [others, cancelled] = await Promise.all([
      holidaysOver(tx, [shopId], input.from, input.to),
      ids.length === 0
        ? []
        : tx
            .select({ windowId: windowCancellations.windowId, date: windowCancellations.date })
            .from(windowCancellations)
            .where(
              and(inArray(windowCancellations.windowId, ids), between(windowCancellations.date, input.from, input.to)),
            ),
    ]);
    if (others.some((h) => h.firstDay <= input.from && input.to <= h.lastDay))
      throw conflict('Those dates are already closed');
    const [holiday] = await tx
      .insert(holidays)
      .values({ shopId, firstDay: input.from, lastDay: input.to, note: input.reason })
      .returning();
    const closedBefore = new Set([
      ...holidayKeys(others, windows, input.from, input.to),
      ...cancelled.map((c) => slotKey(c.windowId, c.date)),
    ]);
    for (const { windowId, date } of await bookedSlots(tx, ids, input.from, input.to)) {
      const window = windows.find((w) => w.id === windowId);
      if (window && !closedBefore.has(slotKey(windowId, date)))
        await tellBookedShoppers(tx, shopId, windowId, date, describeWindow(window), options.orderNumbersOf);
    }
    return holiday;
  });
  const booked = await bookingCounts(db, ids, input.from, input.to);
  return holidayClosures([made], windows, booked)[0];
}

/**
 * Takes a closure back: a holiday (by its id), or every cancellation made with one (named by any of them); answers
 * how many rows went.
 */
export async function reopenClosure(db: Db, shopId: string, id: string): Promise<number> {
  const holiday = await db
    .delete(holidays)
    .where(and(eq(holidays.id, id), eq(holidays.shopId, shopId)))
    .returning({ id: holidays.id });
  if (holiday.length > 0) return holiday.length;
  const shopWindows = db
    .select({ id: fulfilmentWindows.id })
    .from(fulfilmentWindows)
    .where(eq(fulfilmentWindows.shopId, shopId));
  // Compared in SQL: created_at has microseconds, which a JavaScript Date would lose.
  const deleted = await db
    .delete(windowCancellations)
    .where(
      and(
        inArray(windowCancellations.windowId, shopWindows),
        sql`${windowCancellations.createdAt} = (SELECT c.created_at FROM window_cancellations c WHERE c.id = ${id})`,
        sql`${windowCancellations.reason} IS NOT DISTINCT FROM (SELECT c.reason FROM window_cancellations c WHERE c.id = ${id})`,
      ),
    )
    .returning({ id: windowCancellations.id });
  if (deleted.length === 0) throw notFound('Closure');
  return deleted.length;
}
