import { heldGoods } from '#contract/card-hold.ts';
import { orderTax, type TaxRateLine, taxByRate } from '#contract/tax.ts';
import { lineCents } from '#contract/weighed.ts';
import type { Tx } from '../../db/client.ts';
import { currentTax } from '../tax/index.ts';
import type { CartLine } from './queries.ts';

/** The tax of a cart (decision 028), for the cart page, the payment and the order. */
export type CartTax = {
  /** Whether the prices include the tax (then it adds nothing to the charge). */
  included: boolean;
  /** Each line's tax, in the lines' order (weighed goods at their estimate). */
  lineTaxCents: number[];
  /** What the tax adds to the charge: at the estimate, and on the card hold of weighed goods. */
  addedCents: number;
  holdAddedCents: number;
  /** One line per rate. */
  lines: TaxRateLine[];
};

/** The tax of these cart lines after `discountCents` of coupon, as it stands now. */
export async function cartTax(db: Tx, lines: CartLine[], discountCents: number): Promise<CartTax> {
  const { included } = await currentTax(db);
  const priced = lines.map((line) => ({ totalCents: lineCents(line), taxBps: line.taxBps }));
  const tax = orderTax(priced, discountCents, included);
  const held = heldGoods(
    lines.map((line, index) => ({ ...priced[index], soldByWeight: line.soldByWeight })),
    discountCents,
    included,
  );
  return {
    included,
    lineTaxCents: tax.taxCents,
    addedCents: tax.addedCents,
    holdAddedCents: held.addedTaxCents,
    lines: taxByRate(
      lines.map((line, index) => ({
        baseCents: tax.baseCents[index],
        bps: line.taxBps,
        taxCents: tax.taxCents[index],
      })),
    ),
  };
}
