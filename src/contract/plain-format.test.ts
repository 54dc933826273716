import { describe, expect, it } from 'vitest';
import {
  calendarDayText,
  dollarsText,
  groupDigits,
  localDateText,
  localMomentText,
  utcDateText,
  utcMomentText,
} from './plain-format.ts';

// Each formatter must write what Intl writes for the same parts, over a spread of values.
const wholes = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 12_345, 100_000, 999_999, 1_000_000, 2_147_483_647];
const cents = [...wholes, 5, 50, 105, 1250, 99_999_999, 123_456_789].flatMap((n) => [n, -n]).filter((n) => n !== 0);

describe('formatters without Intl', () => {
  it('group digits as en-US does', () => {
    for (const n of [...wholes, ...wholes.map((w) => -w).filter((w) => w !== 0)]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('write dollars as en-US currency does', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const n of [0, ...cents]) expect(dollarsText(n)).toBe(usd.format(n / 100));
    expect(dollarsText(12.5)).toBe('$0.13');
    expect(dollarsText(-0.4)).toBe('$0.00');
  });

  it("write calendar days and moments as en-GB does, in the reader's own zone too", () => {
    const zone = process.env.TZ;
    // Node reads TZ again when it is set: local times are then New York's, a zone with summer time.
    process.env.TZ = 'America/New_York';
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
    const parts = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
    const utc = new Intl.DateTimeFormat('en-GB', {
      ...parts,
      hourCycle: 'h23',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    const local = new Intl.DateTimeFormat('en-GB', { ...parts, hourCycle: 'h23' });
    const date = { day: 'numeric', month: 'short', year: 'numeric' } as const;
    const localDate = new Intl.DateTimeFormat('en-GB', date);
    const utcDate = new Intl.DateTimeFormat('en-GB', { ...date, timeZone: 'UTC' });
    for (let i = 0; i < 400; i += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1, (i * 5) % 24, (i * 13) % 60) + i * 86_400_000);
      const iso = instant.toISOString().slice(0, 10);
      expect(calendarDayText(iso)).toBe(day.format(new Date(`${iso}T12:00:00Z`)).replace(',', ''));
      expect(utcMomentText(instant)).toBe(utc.format(instant));
      expect(localMomentText(instant)).toBe(local.format(instant));
      expect(localDateText(instant)).toBe(localDate.format(instant));
      expect(utcDateText(instant)).toBe(utcDate.format(instant));
    }
    expect(new Date(Date.UTC(2026, 6, 1, 12)).getHours()).toBe(8);
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
});
