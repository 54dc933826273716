/**
 * Numbers and days written without Intl. A browser tab's first Intl object loads the ICU locale data, which took
 * 60–450 ms of main-thread time in Chromium here (decision 032): every product card shows a price, so an Intl
 * formatter there blocked the home page for that long before it could answer a tap. These formatters write exactly
 * what en-US and en-GB write for the same parts (the tests compare them with Intl).
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/** A whole number with en-US thousands separators: 1234567 → "1,234,567". */
export function groupDigits(whole: number): string {
  const digits = String(Math.abs(Math.trunc(whole)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 && digits !== '0' ? `-${grouped}` : grouped;
}

/** Cents as US dollars, the way en-US currency formatting writes them: "$1,234.50", "-$5.00". */
export function dollarsText(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const sign = rounded < 0 ? '-' : '';
  return `${sign}$${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

type DayParts = { weekday: number; day: number; month: number; year: number; hours: number; minutes: number };

const utcParts = (instant: Date): DayParts => ({
  weekday: instant.getUTCDay(),
  day: instant.getUTCDate(),
  month: instant.getUTCMonth(),
  year: instant.getUTCFullYear(),
  hours: instant.getUTCHours(),
  minutes: instant.getUTCMinutes(),
});

const localParts = (instant: Date): DayParts => ({
  weekday: instant.getDay(),
  day: instant.getDate(),
  month: instant.getMonth(),
  year: instant.getFullYear(),
  hours: instant.getHours(),
  minutes: instant.getMinutes(),
});

const dayText = ({ weekday, day, month }: DayParts) => `${WEEKDAYS[weekday]} ${day} ${MONTHS[month]}`;
const clockText = ({ hours, minutes }: DayParts) =>
  `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;

/** A calendar day ("2026-11-28") as en-GB writes it short: "Sat 28 Nov" (September is "Sept" in en-GB). */
export function calendarDayText(day: string): string {
  return dayText(utcParts(new Date(`${day}T12:00:00Z`)));
}

/** A moment in the reader's own time zone, en-GB style: "Mon 8 Dec, 14:05". */
export function localMomentText(instant: Date): string {
  const parts = localParts(instant);
  return `${dayText(parts)}, ${clockText(parts)}`;
}

/** A moment in UTC, saying so: "Mon 8 Dec, 14:05 UTC". */
export function utcMomentText(instant: Date): string {
  const parts = utcParts(instant);
  return `${dayText(parts)}, ${clockText(parts)} UTC`;
}

const dateText = ({ day, month, year }: DayParts) => `${day} ${MONTHS[month]} ${year}`;

/** The day of a moment in the reader's own time zone, en-GB style: "24 Nov 2026". */
export function localDateText(instant: Date): string {
  return dateText(localParts(instant));
}

/** The day of a moment in UTC: "24 Nov 2026". */
export function utcDateText(instant: Date): string {
  return dateText(utcParts(instant));
}
