import { describe, expect, it } from 'vitest';
import { distanceAwayText, distanceText, KM_PER_MILE, kmToTyped, typedKmToSave } from './distance-format.ts';

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

describe('a delivery radius typed in the marketplace unit', () => {
  it('reads back every value typed in miles (to 2 decimals, up to 310 mi) as typed, and stores it again unchanged', () => {
    for (let hundredths = 1; hundredths <= 31_000; hundredths += 7) {
      const typed = hundredths / 100;
      const km = typedKmToSave(typed, 'mi', null) as number;
      expect(kmToTyped(km, 'mi')).toBe(typed);
      expect(typedKmToSave(kmToTyped(km, 'mi'), 'mi', km)).toBe(km);
    }
    expect(typedKmToSave(10, 'mi', null)).toBeCloseTo(16.09344, 10);
  });

  it('keeps a radius saved in km when it is saved again in miles, and converts a changed one', () => {
    expect(kmToTyped(25, 'mi')).toBe(15.5343);
    expect(typedKmToSave(15.5343, 'mi', 25)).toBe(25);
    expect(typedKmToSave(15, 'mi', 25)).toBeCloseTo(24.14016, 10);
    expect(typedKmToSave(null, 'mi', 25)).toBeNull();
  });

  it('stores km as typed in km', () => {
    expect(kmToTyped(12.5, 'km')).toBe(12.5);
    expect(typedKmToSave(12.5, 'km', 3)).toBe(12.5);
  });
});
