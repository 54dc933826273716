import { Temporal } from 'temporal-polyfill';
import type { Cancellation, Closure } from '#contract/slots.ts';

/** The rows a closure is made of: cancellations written together share their transaction's created_at. */
type Row = Cancellation & { createdAt: Date };

/** Each day from `from` to `to` (both included), as YYYY-MM-DD with its ISO weekday (1 is Monday). */
export function daysFrom(from: string, to: string): { date: string; weekday: number }[] {
  const days = [];
  const last = Temporal.PlainDate.from(to);
  for (let day = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 }))
    days.push({ date: day.toString(), weekday: day.dayOfWeek });
  return days;
}

/**
 * The cancellations grouped as they were made (same created_at and reason): one closure from its first to its last
 * date, over every window that falls in them (allWindows) or some. Ordered by first date.
 */
export function closuresOf(rows: Row[], windows: { id: string; weekday: number }[]): Closure[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.createdAt.getTime()} ${row.reason ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()]
    .map((group) => {
      const dates = group.map((r) => r.date).sort();
      const from = dates[0];
      const to = dates[dates.length - 1];
      const closed = new Set(group.map((r) => `${r.windowId} ${r.date}`));
      const inRange = daysFrom(from, to).flatMap((day) =>
        windows.filter((w) => w.weekday === day.weekday).map((w) => `${w.id} ${day.date}`),
      );
      return {
        id: group[0].id,
        from,
        to,
        allWindows: group.length > 1 && inRange.every((slot) => closed.has(slot)),
        windowIds: [...new Set(group.map((r) => r.windowId))],
        reason: group[0].reason,
        booked: group.reduce((sum, r) => sum + r.booked, 0),
        cancellationIds: group.map((r) => r.id),
        days: [...new Set(dates)],
      };
    })
    .sort((a, b) => a.from.localeCompare(b.from));
}
