/**
 * Money is kept in integer cents everywhere on the server; the API carries dollars (cents / 100, converted only at
 * the response with centsToDollars), and every screen, PDF and e-mail shows an amount through formatMoney (cents)
 * or formatDollars (an API amount), the one formatter: "$1,234.50", "-$5.00".
 */

import { dollarsText } from './plain-format.ts';
import { perText, type Unit } from './units.ts';

/**
 * Amounts are stored in 32-bit integer columns (at most 2,147,483,647 cents), so every amount is capped before
 * any arithmetic: a unit price at most $100,000, at most 999 units of one product per order, and an order
 * at most $999,999.99 (which is also the card provider's largest charge). The order cap bounds every line and
 * total computed from a cart, whatever the prices stored before these caps existed.
 */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_LINE_UNITS = 999;
export const MAX_ORDER_CENTS = 99_999_999;

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** The one way an amount is shown: US dollars with thousands separators and two decimals. */
export function formatMoney(cents: number): string {
  return dollarsText(cents);
}

/** An amount the API sent in dollars, shown the same way (rounded to the cent first). */
export function formatDollars(dollars: number): string {
  return formatMoney(dollarsToCents(dollars));
}

/**
 * A price with its unit alone: "$2.50 per kg", "$1.00 each". A product's price with its pack and unit price is
 * written by priceText of src/contract/units.ts (decision 053).
 */
export function formatUnitPrice(dollars: number, unit: Unit): string {
  return `${formatDollars(dollars)} ${perText(unit)}`;
}

export const ORDER_TOO_LARGE = `An order can be at most ${formatMoney(MAX_ORDER_CENTS)}. Please lower some quantities in your cart.`;

/**
 * Price = cost + cost × margin%, rounded half-up to the cent.
 * Margin is in hundredths of a percent to stay in integers (12.5% → 1250).
 */
export function priceFromCost(costCents: number, marginBasisPoints: number): number {
  return costCents + Math.floor((costCents * marginBasisPoints + 5000) / 10000);
}

/**
 * The margin a typed price makes over a cost, in percent to two decimals ((price − cost) / cost; negative below the
 * cost), or null without a cost above 0: what the vendor is shown for a price they typed (issue 32).
 */
export function marginFromPrice(priceCents: number, costCents: number | null): number | null {
  if (costCents === null || costCents <= 0) return null;
  return Math.round(((priceCents - costCents) * 10_000) / costCents) / 100;
}
