import { describe, expect, it } from 'vitest';
import { paidShares } from './refund-shares.ts';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('paidShares', () => {
  it('is each line total when nothing was discounted', () => {
    expect(paidShares([500, 999, 1], 1500)).toEqual([500, 999, 1]);
  });

  it('splits a coupon in proportion to the lines and adds up to the charge exactly', () => {
    // $10.00 + $5.00 with $1.00 off: $9.33⅓ and $4.66⅔ → the larger remainder gets the cent.
    expect(paidShares([1000, 500], 1400)).toEqual([933, 467]);
    expect(paidShares([333, 333, 334], 900)).toEqual([300, 300, 300]);
    expect(paidShares([1, 1, 1], 2)).toEqual([1, 1, 0]);
  });

  it('never gives more than the charge in total, for any lines and discount', () => {
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let trial = 0; trial < 500; trial++) {
      const totals = Array.from({ length: 1 + (next() % 6) }, () => next() % 100_000);
      const charge = sum(totals) === 0 ? 0 : next() % (sum(totals) + 1);
      const shares = paidShares(totals, charge);
      expect(sum(shares)).toBe(charge);
      shares.forEach((share, i) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(totals[i]);
      });
    }
  });

  it('handles totals whose product overflows a double and a free order', () => {
    expect(paidShares([2_000_000_000, 2_000_000_000], 3_999_999_999)).toEqual([2_000_000_000, 1_999_999_999]);
    expect(paidShares([0, 0], 0)).toEqual([0, 0]);
    expect(paidShares([700, 300], 0)).toEqual([0, 0]);
  });
});
