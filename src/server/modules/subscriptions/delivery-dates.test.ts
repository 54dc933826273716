import { describe, expect, it } from 'vitest';
import { deliveryDates } from './delivery-dates.ts';

/** A subscription's delivery dates (decision 068): its plan's frequency over its window's weekday. */
describe('delivery dates', () => {
  const saturday = 6;
  it('weekly: every window day from the first on or after the start, to the last day', () => {
    const terms = { frequency: 'weekly' as const, weekday: saturday, firstOn: '2026-12-02', lastOn: '2026-12-26' };
    expect(deliveryDates(terms, '2026-11-01', '2027-01-31')).toEqual([
      '2026-12-05',
      '2026-12-12',
      '2026-12-19',
      '2026-12-26',
    ]);
    expect(deliveryDates(terms, '2026-12-13', '2026-12-20')).toEqual(['2026-12-19']);
  });

  it('every two weeks: every other window day counted from the first, whatever the range asked', () => {
    const terms = { frequency: 'fortnightly' as const, weekday: saturday, firstOn: '2026-12-05', lastOn: null };
    expect(deliveryDates(terms, '2026-12-01', '2027-01-10')).toEqual(['2026-12-05', '2026-12-19', '2027-01-02']);
    expect(deliveryDates(terms, '2026-12-13', '2027-01-10')).toEqual(['2026-12-19', '2027-01-02']);
  });

  it('monthly: the first window day of each month, the first delivery counting from the start', () => {
    const terms = { frequency: 'monthly' as const, weekday: saturday, firstOn: '2026-12-10', lastOn: null };
    expect(deliveryDates(terms, '2026-12-01', '2027-03-31')).toEqual([
      '2026-12-12',
      '2027-01-02',
      '2027-02-06',
      '2027-03-06',
    ]);
  });
});
