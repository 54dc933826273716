import { orderTax } from './tax.ts';
import { heldLineCents } from './weighed.ts';

// Apart from weighed.ts, which pages load at start: the tax rules bring zod's schemas with them.

/**
 * The goods as the card holds them (lines at their estimate, in cents): their held subtotal and the tax the hold adds
 * after `discountCents` of coupon. The hold is `subtotalCents - discount + delivery + addedTaxCents`.
 */
export function heldGoods(
  lines: readonly { totalCents: number; soldByWeight: boolean; taxBps: number }[],
  discountCents: number,
  included: boolean,
) {
  const held = lines.map((line) => ({ totalCents: heldLineCents(line), taxBps: line.taxBps }));
  return {
    subtotalCents: held.reduce((sum, line) => sum + line.totalCents, 0),
    addedTaxCents: orderTax(held, discountCents, included).addedCents,
  };
}
