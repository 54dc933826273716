import { describe, expect, it } from 'vitest';
import {
  boxContentLines,
  discountedCents,
  installmentCents,
  installmentsText,
  listValueCents,
  planPriceText,
  seasonText,
} from './subscription-words.ts';

describe('subscription plan words and sums (decision 065)', () => {
  it('prices a fixed list as its options × quantities, less the discount to the nearest cent', () => {
    const value = listValueCents([
      { unitPriceCents: 600, quantity: 2 },
      { unitPriceCents: 899, quantity: 1 },
    ]);
    expect(value).toBe(2099);
    expect(discountedCents(value, null)).toBe(2099);
    expect(discountedCents(value, 10)).toBe(1889); // 1889.1
    expect(discountedCents(2929, 5)).toBe(2783); // 2782.55
  });

  it('splits a season into equal payments, the last taking the cents left over, always adding up', () => {
    expect(installmentCents(16000, 4)).toEqual([4000, 4000, 4000, 4000]);
    expect(installmentCents(10000, 3)).toEqual([3333, 3333, 3334]);
    for (const [total, count] of [
      [1, 2],
      [99_999, 12],
      [50_001, 7],
    ]) {
      const parts = installmentCents(total, count);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThan(count);
    }
    expect(installmentsText(16000, 4)).toBe('4 payments of $40.00');
    expect(installmentsText(10000, 3)).toBe('3 payments: 2 of $33.33 and a last of $33.34');
  });

  it('says the price the way the plan is paid', () => {
    const plan = { frequency: 'weekly', deliveryPrice: 28.8, seasonPrice: null, installments: null } as const;
    expect(planPriceText({ ...plan, billing: 'per_delivery' })).toBe('$28.80 a delivery, every week');
    expect(planPriceText({ ...plan, frequency: 'fortnightly', billing: 'per_delivery' })).toBe(
      '$28.80 a delivery, every two weeks',
    );
    expect(planPriceText({ ...plan, billing: 'season', seasonPrice: 480 })).toBe(
      '$480.00 for the season, paid up front',
    );
    expect(planPriceText({ ...plan, billing: 'installments', seasonPrice: 160, installments: 4 })).toBe(
      '$160.00 for the season, in 4 payments of $40.00',
    );
  });

  it('writes a season in plain words', () => {
    expect(seasonText('2027-05-01', '2027-10-30')).toBe('1 May – 30 October 2027');
    expect(seasonText('2026-12-13', '2027-04-04')).toBe('13 December 2026 – 4 April 2027');
    expect(seasonText('2027-05-01', null)).toBe('From 1 May 2027, open-ended');
    expect(seasonText(null, '2027-10-30')).toBe('Until 30 October 2027');
    expect(seasonText(null, null)).toBe('Open-ended');
  });

  it('reads a box’s contents one thing a line, without bullets or blank lines', () => {
    expect(boxContentLines('Salad greens\n\n- Carrots\n • Potatoes  \n* Herbs\n')).toEqual([
      'Salad greens',
      'Carrots',
      'Potatoes',
      'Herbs',
    ]);
  });
});
