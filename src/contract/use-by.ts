// Without zod: every product card shows it, and the schemas must not load with every page (markdowns.ts re-exports it).

import { calendarDayText } from './plain-format.ts';

/**
 * "Use by Sat 28 Nov": an expiry date is a business day (a calendar day in the business time zone), so it is shown
 * as that calendar day, whatever the reader's own zone.
 */
export function formatUseBy(day: string): string {
  return `Use by ${calendarDayText(day)}`;
}
