/**
 * A calendar day `days` away from today (negative: in the past) as YYYY-MM-DD, in the server's time zone, which
 * is the default business day. Fixtures take their "not yet expired" dates from here, never a fixed date that
 * the calendar will one day pass.
 */
export function dayFromToday(days: number, from: Date = new Date()): string {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
