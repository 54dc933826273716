import type { CartItem } from '#contract/cart.ts';
import { formatDollars } from '#contract/money.ts';
import { estimateLabel, HOLD_MARGIN_PERCENT } from '#contract/weighed.ts';

/** A line's money as the cart shows it: weighed goods as `≈ $21.60, charged by actual weight`. */
export const lineTotalText = (item: CartItem) =>
  item.soldByWeight ? estimateLabel(formatDollars(item.spendMoney)) : formatDollars(item.spendMoney);

export const hasWeighedGoods = (items: CartItem[]) => items.some((item) => item.soldByWeight);

/** The total, an estimate (`≈ $21.60`) when weighed goods are in it. */
export const totalText = (items: CartItem[], dollars: number) =>
  hasWeighedGoods(items) ? `≈ ${formatDollars(dollars)}` : formatDollars(dollars);

export const HOLD_NOTE = `Weighed goods are charged by their actual weight once the shop has weighed them: your card is held for their estimate plus ${HOLD_MARGIN_PERCENT}% and never charged more.`;
