import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Closure, type closureInput, MAX_CLOSURE_DAYS } from '#contract/slots.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { OrderNumbersOf } from './cancel-notice.ts';
import { tellBookedShoppers } from './cancel-notice.ts';
import { closuresOf, daysFrom } from './closure-groups.ts';
import { bookingCounts, describeWindow, liveWindows, settingsRow } from './settings.ts';
import { dayIn } from './slot-times.ts';
import { fulfilmentWindows, windowCancellations } from './tables.ts';

type Options = { defaultTimeZone: string; now: Date; orderNumbersOf?: OrderNumbersOf };

const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, { [field]: message });

/**
 * Closes the shop from `from` to `to`: one cancellation per window per date it falls on (every window in use, or
 * only `windowId`), written in one transaction so they read back as one closure; dates already cancelled are kept
 * as they are. Each shopper already booked is told.
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

/** Takes a closure back (named by any of its cancellations): every cancellation made with it; answers how many. */
export async function reopenClosure(db: Db, shopId: string, id: string): Promise<number> {
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
