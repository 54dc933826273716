import { describe, expect, it } from 'vitest';
import { distanceAwayText, distanceText, KM_PER_MILE } from './distance-format.ts';

describe('distances in the marketplace unit', () => {
  it('write miles: one decimal below 10, whole from 10, at least 0.1', () => {
    expect(distanceText(69, 'mi')).toBe('43 mi');
    expect(distanceText(2.8, 'mi')).toBe('1.7 mi');
    expect(distanceText(0.05, 'mi')).toBe('0.1 mi');
    expect(distanceText(10 * KM_PER_MILE, 'mi')).toBe('10 mi');
    expect(distanceText(2000 * KM_PER_MILE, 'mi')).toBe('2,000 mi');
    expect(distanceAwayText(15, 'mi')).toBe('9.3 mi away');
  });

  it('write km as the cards did: metres below 1 km', () => {
    expect(distanceText(0.84, 'km')).toBe('800 m');
    expect(distanceText(0.01, 'km')).toBe('100 m');
    expect(distanceText(2.8, 'km')).toBe('2.8 km');
    expect(distanceText(69, 'km')).toBe('69 km');
    expect(distanceAwayText(1234.4, 'km')).toBe('1,234 km away');
  });
});
