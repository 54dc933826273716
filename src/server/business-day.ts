import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db/client.ts';
import { parseRows } from './db/rows.ts';

/**
 * The business day: what "today" means for expiry, deals and the charts' day buckets. It is the calendar day in
 * one configured time zone, BUSINESS_TIME_ZONE (default the server's), never UTC nor the database's own zone.
 * Every database connection runs in that zone (createPool sets its TimeZone), so the SQL fragments below and
 * businessToday in JavaScript name the same day.
 */
export function businessToday(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The business day in SQL (a date). */
export const BUSINESS_TODAY = sql`current_date`;

/** The business time zone in SQL, for `timestamptz AT TIME ZONE` (the session's TimeZone, set by createPool). */
export const BUSINESS_ZONE = sql`current_setting('TimeZone')`;

/** The business day today, as the database (in the business time zone) knows it: YYYY-MM-DD. */
export async function businessDayToday(db: Db): Promise<string> {
  const result = await db.execute(sql`SELECT ${BUSINESS_TODAY}::text AS day`);
  return parseRows(z.object({ day: z.string() }), result.rows)[0].day;
}
