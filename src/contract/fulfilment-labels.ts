/**
 * Plain words for a shop's weekly windows and its closures, shared by the vendor's settings and the public shop page.
 * No zod here, so pages that show them do not load the schemas.
 */

type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/** A weekly window as the settings hold it: a weekday and wall-clock times HH:MM in the shop's zone. */
export type WeeklyWindow = { weekday: Weekday; start: string; end: string; endsNextDay?: boolean };

/** "Saturday" */
export const weekdayName = (weekday: Weekday) => weekday.charAt(0).toUpperCase() + weekday.slice(1);

/** "09:00" → "9:00": a clock time without a leading zero on the hour. */
export const clockText = (time: string) => time.replace(/^0(\d)/, '$1');

/** "9:00–13:00", or "22:00–2:00 the next day" for a window past midnight. */
export function timesText(window: Pick<WeeklyWindow, 'start' | 'end' | 'endsNextDay'>): string {
  return `${clockText(window.start)}–${clockText(window.end)}${window.endsNextDay ? ' the next day' : ''}`;
}

/**
 * "Saturday 9:00–13:00 at Hood River Farmers Market" for a pickup window (give the pickup point's name), "Saturday
 * 9:00–13:00" for a delivery window (no place).
 */
export function weeklyWindowLabel(window: WeeklyWindow, place?: string | null): string {
  const when = `${weekdayName(window.weekday)} ${timesText(window)}`;
  return place ? `${when} at ${place}` : when;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-12-20" → [2026, 12, 20] */
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/**
 * Calendar dates (YYYY-MM-DD) in plain words: "25 December", "20–27 December", "28 December – 3 January",
 * "28 December 2026 – 3 January 2027" across years. Years are left out within one year.
 */
export function dateRangeText(from: string, to: string = from): string {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  if (from === to) return `${fd} ${MONTHS[fm - 1]}`;
  if (fy === ty && fm === tm) return `${fd}–${td} ${MONTHS[tm - 1]}`;
  if (fy === ty) return `${fd} ${MONTHS[fm - 1]} – ${td} ${MONTHS[tm - 1]}`;
  return `${fd} ${MONTHS[fm - 1]} ${fy} – ${td} ${MONTHS[tm - 1]} ${ty}`;
}

/** "Closed 20–27 December" */
export const closedText = (from: string, to: string = from) => `Closed ${dateRangeText(from, to)}`;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Saturday 26 December": a calendar date (YYYY-MM-DD) with its weekday. */
export function dayText(date: string): string {
  const [y, m, d] = parts(date);
  return `${WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1]}`;
}

/** The days a closure closes a pickup or delivery time on: "Saturday 19 December and Saturday 26 December". */
export function closedDaysText(days: string[]): string {
  if (days.length === 0) return 'No pickup or delivery time falls on these days yet';
  const named = days.map(dayText);
  return named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}
