import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars, formatMoney, ORDER_TOO_LARGE } from './money.ts';

describe('the one money formatter', () => {
  it('shows cents as US dollars with thousands separators and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(-500)).toBe('-$5.00');
  });

  it('shows an API amount in dollars the same way, rounded to the cent', () => {
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(999_999.99)).toBe('$999,999.99');
    expect(formatDollars(centsToDollars(1999))).toBe(formatMoney(1999));
    expect(dollarsToCents(19.99)).toBe(1999);
  });

  it('writes the order cap with the formatter', () => {
    expect(ORDER_TOO_LARGE).toBe('An order can be at most $999,999.99. Please lower some quantities in your cart.');
  });
});
