import { heldGoods } from '#contract/card-hold.ts';
import type { CartItem } from '#contract/cart.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '#contract/money.ts';
import { estimateLabel, HOLD_MARGIN_PERCENT } from '#contract/weighed.ts';

/** A line's money as the cart shows it: weighed goods as `≈ $21.60, charged by actual weight`. */
export const lineTotalText = (item: CartItem) =>
  item.soldByWeight ? estimateLabel(formatDollars(item.spendMoney)) : formatDollars(item.spendMoney);

export const hasWeighedGoods = (items: CartItem[]) => items.some((item) => item.soldByWeight);

/** The total, an estimate (`≈ $21.60`) when weighed goods are in it. */
export const totalText = (items: CartItem[], dollars: number) =>
  hasWeighedGoods(items) ? `≈ ${formatDollars(dollars)}` : formatDollars(dollars);

export const HOLD_NOTE = `Weighed goods are charged by their actual weight once the shop has weighed them: your card is held for their estimate plus ${HOLD_MARGIN_PERCENT}% and never charged more.`;

/**
 * What the card will be held for when weighed goods are in the cart (the server authorizes the same: the weighed
 * lines at their estimate plus the margin, less the coupon, plus delivery and the tax on that), or null without them.
 */
export function cardHold(items: CartItem[], discount: number, delivery: number, included: boolean): number | null {
  if (!hasWeighedGoods(items)) return null;
  const held = heldGoods(
    items.map((item) => ({
      totalCents: dollarsToCents(item.spendMoney),
      soldByWeight: item.soldByWeight === true,
      taxBps: Math.round((item.taxPercent ?? 0) * 100),
    })),
    dollarsToCents(discount),
    included,
  );
  return centsToDollars(held.subtotalCents - dollarsToCents(discount) + dollarsToCents(delivery) + held.addedTaxCents);
}

/** Before paying with weighed goods: `Up to $66.89 will be held on your card; you pay the weighed price, at most that.` */
export const holdPromise = (hold: number) =>
  `Up to ${formatDollars(hold)} will be held on your card; you pay the weighed price, at most that.`;
