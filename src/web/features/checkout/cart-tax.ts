import type { CartItem } from '#contract/cart.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import { orderTax, taxByRate, taxRowsOf } from '#contract/tax.ts';

/**
 * The cart's tax as the server will charge it (decision 028): each line's tax on its price after its share of the
 * coupon, by the rates the cart's lines carry. `added` is what it adds to the total (0 when prices include it).
 */
export function cartTaxOf(items: CartItem[], discount: number) {
  const included = items.some((item) => item.pricesIncludeTax);
  const lines = items.map((item) => ({
    totalCents: dollarsToCents(item.spendMoney),
    taxBps: Math.round((item.taxPercent ?? 0) * 100),
  }));
  const tax = orderTax(lines, dollarsToCents(discount), included);
  const rates = taxByRate(
    lines.map((line, index) => ({ baseCents: tax.baseCents[index], bps: line.taxBps, taxCents: tax.taxCents[index] })),
  );
  return { included, added: centsToDollars(tax.addedCents), rates };
}

/** The summary's rows of the tax, one per rate: `Tax 5% on $12.00` `$0.60`, or `Includes $0.57 tax at 5%`. */
export const taxRows = ({ included, rates }: ReturnType<typeof cartTaxOf>) =>
  taxRowsOf(rates, included).map(([term, value]) => ({ term, value }));
