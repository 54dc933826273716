import { describe, expect, it } from 'vitest';
import { closedDaysText, closedText, dateRangeText, dayText, weeklyWindowLabel } from './fulfilment-labels.ts';

describe('fulfilment labels', () => {
  it('name a pickup window by its day, its times and its place', () => {
    expect(weeklyWindowLabel({ weekday: 'saturday', start: '09:00', end: '13:00' }, 'Hood River Farmers Market')).toBe(
      'Saturday 9:00–13:00 at Hood River Farmers Market',
    );
  });

  it('name a delivery window by its day and times, and say when it ends the next day', () => {
    expect(weeklyWindowLabel({ weekday: 'tuesday', start: '17:30', end: '20:00' })).toBe('Tuesday 17:30–20:00');
    expect(weeklyWindowLabel({ weekday: 'friday', start: '22:00', end: '02:00', endsNextDay: true })).toBe(
      'Friday 22:00–2:00 the next day',
    );
  });

  it('say a closure in plain dates', () => {
    expect(closedText('2026-12-20', '2026-12-27')).toBe('Closed 20–27 December');
    expect(closedText('2026-12-25')).toBe('Closed 25 December');
    expect(dateRangeText('2026-11-28', '2026-12-03')).toBe('28 November – 3 December');
    expect(dateRangeText('2026-12-28', '2027-01-03')).toBe('28 December 2026 – 3 January 2027');
  });

  it('name the days a closure closes, each with its weekday', () => {
    expect(dayText('2026-12-26')).toBe('Saturday 26 December');
    expect(closedDaysText(['2026-12-19'])).toBe('Saturday 19 December');
    expect(closedDaysText(['2026-12-19', '2026-12-23', '2026-12-26'])).toBe(
      'Saturday 19 December, Wednesday 23 December and Saturday 26 December',
    );
    expect(closedDaysText([])).toBe('No pickup or delivery time falls on these days yet');
  });
});
