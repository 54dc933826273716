// Without zod: every product card shows it, and the schemas must not load with every page (markdowns.ts re-exports it).

const USE_BY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/**
 * "Use by Sat 28 Nov": an expiry date is a business day (a calendar day in the business time zone), so it is shown
 * as that calendar day, whatever the reader's own zone.
 */
export function formatUseBy(day: string): string {
  return `Use by ${USE_BY_FORMAT.format(new Date(`${day}T12:00:00Z`)).replace(',', '')}`;
}
