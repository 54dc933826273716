import { Temporal } from 'temporal-polyfill';

type Frequency = 'weekly' | 'fortnightly' | 'monthly';

/**
 * What decides a subscription's delivery dates: its plan's frequency, the ISO weekday of its window, and the first and
 * last days it may deliver on (the later of the subscription's and the season's start; the season's last day, or the
 * last the notice rules leave a cancelled subscription; null: open-ended).
 */
export type DeliveryTerms = { frequency: Frequency; weekday: number; firstOn: string; lastOn: string | null };

const day = (date: string) => Temporal.PlainDate.from(date);

/** The first day on or after `date` that falls on `weekday`. */
function onOrAfter(date: Temporal.PlainDate, weekday: number): Temporal.PlainDate {
  return date.add({ days: (weekday - date.dayOfWeek + 7) % 7 });
}

/**
 * The subscription's delivery dates from `from` to `to` (YYYY-MM-DD, both included), first first. Weekly: every window
 * day from the first on; every two weeks: every other one, counted from the first; monthly: the first window day of
 * each month (the first delivery's month counts from the first delivery on).
 */
export function deliveryDates(terms: DeliveryTerms, from: string, to: string): string[] {
  const first = onOrAfter(day(terms.firstOn), terms.weekday);
  const last = terms.lastOn && Temporal.PlainDate.compare(day(terms.lastOn), day(to)) < 0 ? day(terms.lastOn) : day(to);
  const start = day(from);
  const dates: string[] = [];
  const keep = (date: Temporal.PlainDate) => {
    if (Temporal.PlainDate.compare(date, start) >= 0 && Temporal.PlainDate.compare(date, last) <= 0)
      dates.push(date.toString());
  };
  if (terms.frequency === 'monthly') {
    for (let month = first.toPlainYearMonth(); ; month = month.add({ months: 1 })) {
      const date = month.equals(first.toPlainYearMonth())
        ? first
        : onOrAfter(month.toPlainDate({ day: 1 }), terms.weekday);
      if (Temporal.PlainDate.compare(date, last) > 0) break;
      keep(date);
    }
    return dates;
  }
  const step = terms.frequency === 'weekly' ? 7 : 14;
  // Straight to the first date at or after `from`, whatever the subscription's age.
  const behind = Math.max(0, first.until(start).days);
  let date = first.add({ days: Math.floor(behind / step) * step });
  for (; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: step })) keep(date);
  return dates;
}
