/** Money is kept in integer cents; the API and the pages show dollars with two decimals. */

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function formatMoney(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Price = cost + cost × margin%, rounded half-up to the cent.
 * Margin is in hundredths of a percent to stay in integers (12.5% → 1250).
 */
export function priceFromCost(costCents: number, marginBasisPoints: number): number {
  return costCents + Math.floor((costCents * marginBasisPoints + 5000) / 10000);
}
